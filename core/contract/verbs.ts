/**
 * Bodies and queries of the resources' verbs (docs/operations-api.md): packages, shipments, manifests,
 * locations, batches and batch items. The verbs' rules (who, which status, refusal codes) live in
 * core/policies and core/machines; these schemas state what a request carries.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { schemas } from '../schemas/index.js';
import { bodyOf, scalarField } from './fields.js';

const one = (description: string) => Type.Optional(scalarField([], description));
const idOrIds = (description: string) => Type.Optional(Type.Union([Type.Array(scalarField([], 'an id')), scalarField([], 'an id')], { description }));

/** A label format: `a4`, `a6`... (core LABEL_FORMATS); unknown formats answer 422 on `format`. */
const labelFormat = one('label format (print only)');

/**
 * POST /api/packages/:id/<verb>: JSON (or form) fields, or multipart for the PUDO check-out photo (`image`).
 * Which fields a verb reads: check-in/deposit `location_id`, reroute `location`, consolidate `into`,
 * check-out `handover_to`, every verb an optional `reason` (at most 500 characters kept).
 */
export const PackageVerbBody = Type.Object(
  {
    location_id: one('the location the package is checked in or deposited at'),
    location: one('the new drop-off location (reroute)'),
    into: one('the package (id or barcode) to consolidate into'),
    handover_to: one('the driver the package is handed to (warehouse check-out)'),
    reason: one('why (kept in the package history)'),
    format: labelFormat,
  },
  { additionalProperties: true },
);
export type PackageVerbBody = Static<typeof PackageVerbBody>;

export const LabelQuery = Type.Object({ format: labelFormat }, { additionalProperties: true });

/** GET /api/packages/lookup?barcode= and GET /api/packages/:id/alternative-locations?barcode= */
export const BarcodeQuery = Type.Object({ barcode: one('a package barcode') }, { additionalProperties: true });

/** POST /api/packages/fetch: fetch a package announced by a merchant's system. */
export const FetchBody = Type.Object(
  { barcode: one('the barcode to fetch'), merchant_id: one('superadmin/support: the merchant to ask') },
  { additionalProperties: true },
);

/** POST /api/shipments/bulk-print { ids, format? } (GET ?ids[0]=..&format= for small selections). */
export const BulkPrintBody = Type.Object({ ids: idOrIds('shipment ids (at most 1,000)'), format: labelFormat }, { additionalProperties: true });
export const BulkPrintQuery = BulkPrintBody;

/** POST /api/shipments/:id/<verb>: only `print` reads a field (`format`). */
export const ShipmentVerbBody = Type.Object({ format: labelFormat }, { additionalProperties: true });

/** POST /api/manifests/:id/<verb>: add-packages / remove-packages name the packages by id or barcode. */
export const ManifestVerbBody = Type.Object(
  { package_ids: idOrIds('package ids (add-packages, remove-packages)'), barcodes: idOrIds('package barcodes (add-packages, remove-packages)') },
  { additionalProperties: true },
);
export type ManifestVerbBody = Static<typeof ManifestVerbBody>;

/** POST /api/locations/:id/create-terminal { terminalLayout } (an id of LOCKER_LAYOUTS). */
export const TerminalBody = bodyOf(schemas.terminal, { terminal_layout: scalarField([], 'the same as terminalLayout') }, 'A locker terminal layout');
export type TerminalBody = Static<typeof TerminalBody>;

/** POST /api/batches/:id/convert-responded { ids? }: the responded items to convert (all when absent). */
export const ConvertRespondedBody = Type.Object({ ids: idOrIds('batch item ids') }, { additionalProperties: true });

/** GET /api/batches/:id/audience?verb=start|notify&ids[0]=3: how many customers the verb would message. */
export const AudienceQuery = Type.Object({ verb: Type.Optional(Type.String({ maxLength: 20, description: 'start or notify' })), ids: idOrIds('batch item ids (notify)') }, { additionalProperties: true });

/** GET /api/user/can/:action/:singular?ids[0]=3: may the user do this to these records? */
export const CanParams = Type.Object({ action: Type.String({ maxLength: 60 }), singular: Type.String({ maxLength: 60 }) });
export const CanQuery = Type.Object({ ids: idOrIds('the records asked about') }, { additionalProperties: true });
export const CanResponse = Type.Object({
  allOk: Type.Boolean(),
  can: Type.Array(Type.Integer()),
  cannot: Type.Array(Type.Integer()),
  reasons: Type.Record(Type.String(), Type.String()),
});
export type CanResponse = Static<typeof CanResponse>;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The shipment summary a package record carries (scan screens show the reference and consignee). */
export const ShipmentSummary = Type.Object({
  id: Type.Integer(),
  reference_id: Type.String(),
  external_reference_id: Type.Optional(nullable(Type.String())),
  first_name: Type.Optional(nullable(Type.String())),
  last_name: Type.Optional(nullable(Type.String())),
});
export type ShipmentSummary = Static<typeof ShipmentSummary>;

/** A package as the show route and the package verbs return it (the fields the scan screens use; open-ended). */
export const PackageRecord = Type.Object(
  {
    id: Type.Integer(),
    barcode: Type.String(),
    status: Type.Integer(),
    size: Type.String(),
    shipment_id: Type.Integer(),
    location_id: nullable(Type.Integer()),
    dropoff_location_id: nullable(Type.Integer()),
    locker_number: Type.Optional(nullable(Type.String())),
    expires_at: Type.Optional(nullable(Type.String())),
    is_consolidation: Type.Optional(Type.Integer()),
    is_consolidated: Type.Optional(Type.Integer()),
    location_name: Type.Optional(nullable(Type.String())),
    dropoff_location_name: Type.Optional(nullable(Type.String())),
    shipment: Type.Optional(nullable(ShipmentSummary)),
  },
  { additionalProperties: true },
);
export type PackageRecord = Static<typeof PackageRecord>;

/** meta of a package verb's answer: the allowed actions, and `pending` while a locker opens. */
export const PackageMeta = Type.Object(
  {
    actions: Type.Array(Type.String()),
    pending: Type.Optional(Type.Boolean()),
    eta_seconds: Type.Optional(Type.Number()),
    message: Type.Optional(Type.String()),
    from: Type.Optional(Type.Unsafe<unknown>({})),
    to: Type.Optional(Type.Unsafe<unknown>({})),
  },
  { additionalProperties: true },
);
export type PackageMeta = Static<typeof PackageMeta>;
export interface PackageResult {
  data: PackageRecord;
  meta: PackageMeta;
}
/** The documented answer of the package routes (lookup, fetch, verbs): `{ data: PackageRecord, meta: PackageMeta }`. */
export const PackageResponse = Type.Unsafe<Record<string, any>>(Type.Object({ data: PackageRecord, meta: PackageMeta }));

/** GET /api/packages/:id/alternative-locations: where else the package may go, nearest first. */
export const Alternative = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  code: Type.String(),
  class: Type.String(),
  distance: nullable(Type.Number({ description: 'kilometres, one decimal; null without coordinates' })),
});
export type Alternative = Static<typeof Alternative>;
export const AlternativesResponse = Type.Object({ data: Type.Array(Alternative) });

/** GET /api/packages/handover-drivers: the drivers a warehouse hands packages to. */
export const Driver = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Driver = Static<typeof Driver>;
export const DriversResponse = Type.Object({ data: Type.Array(Driver) });
