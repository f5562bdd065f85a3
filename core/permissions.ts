/**
 * Who may do what (SPEC section 6), as data. The API enforces these tables; the admin uses the same
 * tables to hide what a user may not do. Decisions where the SPEC is uncertain: docs/permissions.md.
 */
import { ROLES, ROLE_GROUPS, roleMatches } from './roles.js';
import { FEATURES, hasBit } from './features.js';
import { USER_CRUD_ROLES, USER_FIELD_MASK, USER_FILTER_MASK } from './policies/users.policy.js';

const { superadmin, support, merchant_admin, pudo, driver, warehouse } = ROLES;
const BACKOFFICE = ROLE_GROUPS.backoffice;
const ADMIN = ROLE_GROUPS.admin;
const ALL = ROLE_GROUPS.all;
/** superadmin, customer support and merchant admin: the roles that write shipments. */
const WRITERS = superadmin | support | merchant_admin;

/** The acting user as the permission rules see it. */
export interface Actor {
  id: number;
  role: number;
  merchant_id: number | null;
  /** The merchant's feature bitmask (0 when the user has no merchant). */
  features: number;
  location_ids?: number[];
}

/**
 * Superadmin and support work across merchants and have every feature; merchant roles use their merchant's.
 * Store staff and drivers belong to no merchant: features do not gate them (their role masks do), so e.g.
 * warehouse staff can read manifests (SPEC section 6).
 */
export function actorHasFeature(actor: Pick<Actor, 'role' | 'features'>, feature: number): boolean {
  if (!roleMatches(actor.role, ROLE_GROUPS.merchant)) return true;
  return hasBit(actor.features, feature);
}

export type ResourceName =
  | 'shipments'
  | 'packages'
  | 'batches'
  | 'batch_items'
  | 'manifests'
  | 'locations'
  | 'location_groups'
  | 'merchants'
  | 'users';

export const RESOURCE_NAMES: ResourceName[] = [
  'shipments',
  'packages',
  'batches',
  'batch_items',
  'manifests',
  'locations',
  'location_groups',
  'merchants',
  'users',
];

export type CrudAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export interface ResourcePolicy {
  singular: string;
  /** Resource nested under a parent in the admin routes (packages under shipments, items under batches). */
  parent?: { resource: ResourceName; key: string };
  feature?: number;
  roles: Record<CrudAction, number>;
}

export const RESOURCES: Record<ResourceName, ResourcePolicy> = {
  shipments: {
    singular: 'shipment',
    roles: { list: BACKOFFICE, show: BACKOFFICE, create: WRITERS, edit: WRITERS, delete: WRITERS },
  },
  packages: {
    singular: 'package',
    parent: { resource: 'shipments', key: 'shipment_id' },
    roles: {
      list: BACKOFFICE | pudo | driver | warehouse,
      show: BACKOFFICE | pudo | driver | warehouse,
      create: WRITERS,
      edit: WRITERS,
      delete: WRITERS,
    },
  },
  batches: {
    singular: 'batch',
    feature: FEATURES.batches,
    roles: { list: BACKOFFICE, show: BACKOFFICE, create: WRITERS, edit: WRITERS, delete: WRITERS },
  },
  batch_items: {
    singular: 'batch_item',
    feature: FEATURES.batches,
    parent: { resource: 'batches', key: 'batch_id' },
    roles: { list: BACKOFFICE, show: BACKOFFICE, create: WRITERS, edit: WRITERS, delete: WRITERS },
  },
  manifests: {
    singular: 'manifest',
    feature: FEATURES.manifests,
    roles: {
      list: BACKOFFICE | warehouse,
      show: BACKOFFICE | warehouse,
      create: superadmin | merchant_admin,
      edit: superadmin | merchant_admin,
      delete: superadmin | merchant_admin,
    },
  },
  locations: {
    singular: 'location',
    roles: {
      // Merchant admins create pickup locations, so they also see their own; store staff and drivers
      // read the locations they work with (selectors on their screens).
      list: ADMIN | merchant_admin | pudo | driver | warehouse,
      show: ADMIN | merchant_admin,
      create: superadmin | merchant_admin,
      edit: superadmin | merchant_admin,
      delete: superadmin | merchant_admin,
    },
  },
  location_groups: {
    singular: 'location_group',
    roles: { list: superadmin, show: superadmin, create: superadmin, edit: superadmin, delete: superadmin },
  },
  merchants: {
    singular: 'merchant',
    roles: { list: superadmin, show: superadmin, create: superadmin, edit: superadmin, delete: superadmin },
  },
  // Who manages whom, write masks and role/merchant agreement: core/policies/users.policy.ts.
  users: { singular: 'user', roles: { ...USER_CRUD_ROLES } },
};

/**
 * Roles that may read a resource's name list (`light=1`, `{ id, name }` only) for a picker without having
 * its list screen: customer support picks the merchant of the shipments and batches it creates.
 */
export const PICKER_ROLES: Partial<Record<ResourceName, number>> = {
  merchants: ADMIN,
};

export function resourceBySingular(singular: string): ResourceName | undefined {
  return RESOURCE_NAMES.find((name) => RESOURCES[name].singular === singular);
}

/** True when the role alone may use the CRUD action (the merchant feature aside). */
export const crudRoleAllows = (role: number, resource: ResourceName, action: CrudAction): boolean => roleMatches(role, RESOURCES[resource].roles[action]);

/** The one CRUD gate: role first (`forbidden`), then the merchant feature (`feature_disabled`); null when allowed. */
export function crudRefusal(actor: Pick<Actor, 'role' | 'features'>, resource: ResourceName, action: CrudAction): 'forbidden' | 'feature_disabled' | null {
  const policy = RESOURCES[resource];
  if (!crudRoleAllows(actor.role, resource, action)) return 'forbidden';
  return policy.feature && !actorHasFeature(actor, policy.feature) ? 'feature_disabled' : null;
}

export const canCrud = (actor: Pick<Actor, 'role' | 'features'>, resource: ResourceName, action: CrudAction): boolean => crudRefusal(actor, resource, action) === null;

/** True when the role may list the resource as a picker (`light`), without the list permission. */
export const canPick = (role: number, resource: ResourceName): boolean => roleMatches(role, PICKER_ROLES[resource] ?? 0);

/** Admin route access (SPEC sections 2 and 6): route name -> roles and feature. */
export interface RouteRule {
  roles: number;
  feature?: number;
}

function crudRoutes(resource: ResourceName): Record<string, RouteRule> {
  const { roles, feature } = RESOURCES[resource];
  const slug = resource;
  return {
    // The list screen opens records, so it also needs show: roles that may only list (store staff and
    // drivers reading locations for their selectors) get no list screen and no menu entry.
    [slug]: { roles: roles.list & roles.show, feature },
    [`${slug}-create`]: { roles: roles.create, feature },
    [`${slug}-show`]: { roles: roles.show, feature },
    [`${slug}-edit`]: { roles: roles.edit, feature },
  };
}

export const ROUTES: Record<string, RouteRule> = {
  dashboard: { roles: BACKOFFICE },
  'users-profile': { roles: ALL },
  pudo: { roles: pudo },
  warehouse: { roles: warehouse },
  driver: { roles: driver },
  lockers: { roles: driver | support | superadmin },
  'merchants-preferences': { roles: merchant_admin, feature: FEATURES.content },
  'shipments-import': { roles: WRITERS },
  // campaigns (issue 5): a batch's customers from a file, for whoever may add them one by one
  'batch_items-import': { roles: RESOURCES.batch_items.roles.create, feature: RESOURCES.batch_items.feature },
  // campaigns (issue 5): the superadmin's message log
  messages: { roles: superadmin },
  ...Object.fromEntries(RESOURCE_NAMES.flatMap((r) => Object.entries(crudRoutes(r)))),
};

export function canAccessRoute(actor: Pick<Actor, 'role' | 'features'>, routeName: string): boolean {
  const rule = ROUTES[routeName];
  if (!rule) return false;
  if (!roleMatches(actor.role, rule.roles)) return false;
  return rule.feature ? actorHasFeature(actor, rule.feature) : true;
}

/** Home route path by role (SPEC section 2). */
export function homePath(role: number): string {
  if (role === pudo) return '/pudo';
  if (role === warehouse) return '/warehouse';
  if (role === driver) return '/driver';
  return '/';
}

/** Left navigation menu, in order; each entry is shown when its route is accessible. */
export const MENU: { key: string; route: string; path: string }[] = [
  { key: 'dashboard', route: 'dashboard', path: '/' },
  { key: 'shipments', route: 'shipments', path: '/shipments' },
  { key: 'manifests', route: 'manifests', path: '/manifests' },
  { key: 'batches', route: 'batches', path: '/batches' },
  { key: 'locations', route: 'locations', path: '/locations' },
  { key: 'location_groups', route: 'location_groups', path: '/location_groups' },
  { key: 'merchants', route: 'merchants', path: '/merchants' },
  { key: 'users', route: 'users', path: '/users' },
  { key: 'merchants_preferences', route: 'merchants-preferences', path: '/merchants/preferences' },
  { key: 'pudo', route: 'pudo', path: '/pudo' },
  { key: 'warehouse', route: 'warehouse', path: '/warehouse' },
  { key: 'lockers', route: 'lockers', path: '/lockers' },
  { key: 'driver', route: 'driver', path: '/driver' },
  { key: 'messages', route: 'messages', path: '/messages' },
];

/**
 * Columns, fields and filters visible only to some roles (SPEC section 6, Visibility).
 * Anything not listed is visible to every role that may see the resource.
 */
export const FIELD_MASKS: Partial<Record<ResourceName, Record<string, number>>> = {
  locations: { active: ADMIN, approved: ADMIN, code: ADMIN, package_count: ADMIN, locker_service: ADMIN },
  users: USER_FIELD_MASK,
  shipments: { merchant_id: ADMIN },
  batches: { merchant_id: ADMIN },
  manifests: { merchant_id: ADMIN },
  // The photo of a customer's ID document taken at a PUDO hand-over (GET packages/:id/identification-image).
  packages: { has_identification_image: ADMIN },
};

/** Who may see a package's identification image: the roles of its field mask. */
export const canSeeIdentificationImage = (role: number) => canSeeField(role, 'packages', 'has_identification_image');

export const FILTER_MASKS: Partial<Record<ResourceName, Record<string, number>>> = {
  locations: { approved: ADMIN, locker_service: ADMIN, merchant_id: ADMIN },
  users: USER_FILTER_MASK,
  shipments: { merchant_id: ADMIN },
  batches: { merchant_id: ADMIN },
  manifests: { merchant_id: ADMIN },
};

export function canSeeField(role: number, resource: ResourceName, field: string): boolean {
  const mask = FIELD_MASKS[resource]?.[field];
  return mask === undefined || roleMatches(role, mask);
}

export function canUseFilter(role: number, resource: ResourceName, filter: string): boolean {
  const mask = FILTER_MASKS[resource]?.[filter];
  return mask === undefined || roleMatches(role, mask);
}

/**
 * The lockers screen's "Show only expired" switch: only for roles that read every package in a locker. A
 * driver reads only the expiry work there (expired, retrievable, awaiting pickup), so the switch would change
 * nothing: the driver's list is that work, without the switch.
 */
export const canListAllLockerPackages = (role: number) => roleMatches(role, ADMIN);

/** The debug panel and the process button are for superadmins only. */
export const isSuperadmin = (role: number) => role === superadmin;
