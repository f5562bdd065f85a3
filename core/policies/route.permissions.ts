/**
 * Named permissions of the non-CRUD routes and screens (DESIGN.md section 8): a route or screen names one
 * (`can(actor, 'packages.fetch')`) instead of writing a role mask. CRUD routes use core/permissions
 * RESOURCES (crudRefusal). docs/permissions.md lists these.
 */
import { ROLES, ROLE_GROUPS, roleMatches } from '../roles.js';

export const PERMISSIONS = {
  /** Fetch an unknown barcode from the merchant's system. */
  'packages.fetch': ROLE_GROUPS.admin | ROLES.merchant_admin | ROLES.driver,
  /** The drivers a warehouse hands packages to. */
  'packages.handover-drivers': ROLE_GROUPS.admin | ROLES.warehouse,
  /** Approve a location, create its locker terminal. */
  'locations.review': ROLE_GROUPS.admin,
  /** The notification outbox log. */
  'messages.list': ROLES.superadmin,
  /** Webhook settings and delivery log (a merchant admin: its own merchant's). */
  'webhooks.manage': ROLES.superadmin | ROLES.merchant_admin,
  /** Every merchant's webhooks, not only the actor's own. */
  'webhooks.any-merchant': ROLES.superadmin,
  /** The dashboard counters. */
  'dashboard.show': ROLE_GROUPS.backoffice,
  /** The merchant's own notification preferences. */
  'merchants.preferences': ROLES.merchant_admin,
  /** The operations debug panel on a record. */
  'operations.debug': ROLES.superadmin,
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const can = (actor: { role: number }, permission: Permission): boolean => roleMatches(actor.role, PERMISSIONS[permission]);
