/**
 * The create/update bodies of the nine resources (POST /api/{resource}, PUT /api/{resource}/:id), derived
 * from the field definitions of core/schemas, plus the fields a resource takes beyond its form fields
 * (lists, JSON settings). `updated_at` (the version the client read, 409 when stale) is accepted everywhere.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { ResourceName } from '../permissions.js';
import { schemas } from '../schemas/index.js';
import { bodyOf, itemsOf, scalarField } from './fields.js';

const version = { updated_at: Type.Union([Type.String(), Type.Null()], { description: 'the updated_at the client read: 409 conflict.stale when it moved on' }) };
const idList = (description: string) => Type.Array(scalarField([], 'a record id'), { description });
const jsonObject = (description: string) => Type.Object({}, { additionalProperties: true, description });
const jsonList = (description: string) => Type.Array(Type.Unsafe<unknown>({}), { description });

const extras: Record<ResourceName, Record<string, TSchema>> = {
  shipments: { ...version, packages: itemsOf(schemas.packageItem, 'the packages of a new shipment (create only)') },
  packages: version,
  batches: version,
  batch_items: version,
  manifests: version,
  locations: version,
  location_groups: { ...version, location_ids: idList('the locations of the group') },
  merchants: {
    ...version,
    branding: jsonObject('logo, colours and texts of the customer pages'),
    email_templates: jsonObject('per event and language'),
    notification_events: jsonList('the events that notify customers'),
    content_types: jsonList('content types offered in forms'),
    campaign_texts: jsonObject('per batch event and language: the campaign texts'),
    preferences: jsonObject('merchant preferences'),
    location_group_ids: idList('the location groups the merchant may use'),
  },
  users: { ...version, location_ids: idList('a store user\'s locations') },
};

function bodiesOf<R extends ResourceName>(name: R) {
  const fields = schemas[name];
  return {
    create: bodyOf(fields.create, extras[name], `New ${name} record`),
    update: bodyOf(fields.update, extras[name], `Changes to a ${name} record (only the fields sent)`),
  };
}

/** `resourceBodies.shipments.create` etc.: the body schemas of the CRUD routes (api/resources/crud-routes.ts). */
export const resourceBodies = {
  shipments: bodiesOf('shipments'),
  packages: bodiesOf('packages'),
  batches: bodiesOf('batches'),
  batch_items: bodiesOf('batch_items'),
  manifests: bodiesOf('manifests'),
  locations: bodiesOf('locations'),
  location_groups: bodiesOf('location_groups'),
  merchants: bodiesOf('merchants'),
  users: bodiesOf('users'),
} satisfies Record<ResourceName, unknown>;

export type ResourceCreateBody<R extends ResourceName> = Static<(typeof resourceBodies)[R]['create']>;
export type ResourceUpdateBody<R extends ResourceName> = Static<(typeof resourceBodies)[R]['update']>;
