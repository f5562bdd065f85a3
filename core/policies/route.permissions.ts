/**
 * Named permissions of the non-CRUD routes and screens (DESIGN.md section 8): a route or screen names one
 * (`can(actor, 'packages.fetch')`) instead of writing a role mask. CRUD routes use core/permissions
 * RESOURCES (crudRefusal). docs/permissions.md is generated from these (`npm run docs:rules`).
 */
import { ROLES, ROLE_GROUPS, roleMatches } from '../roles.js';

/** Each permission: the roles it admits and what it is for (the docs' text). */
export const PERMISSIONS = {
  'packages.fetch': { roles: ROLE_GROUPS.admin | ROLES.merchant_admin | ROLES.driver, text: "Fetch an unknown barcode from the merchant's system." },
  'packages.handover-drivers': { roles: ROLE_GROUPS.admin | ROLES.warehouse, text: 'The drivers a warehouse hands packages to.' },
  'locations.review': { roles: ROLE_GROUPS.admin, text: 'Approve a location, create its locker terminal.' },
  'lockers.occupancy': { roles: ROLE_GROUPS.admin, text: "A locker's occupancy grid: every door, its state and package." },
  'lockers.doors': { roles: ROLE_GROUPS.admin, text: 'Take a locker door out of service and back (its package moves to another door or is flagged).' },
  'locations.availability': { roles: ROLE_GROUPS.backoffice | ROLES.driver, text: "Free locker doors per size now (the shipment form; the customer's page asks through its token)." },
  'lockers.report-full': { roles: ROLES.driver | ROLE_GROUPS.admin, text: 'Report a locker full / door fault / parcel does not fit: the package goes to temporary storage.' },
  'messages.list': { roles: ROLES.superadmin, text: 'The notification outbox log.' },
  'webhooks.manage': { roles: ROLES.superadmin | ROLES.merchant_admin, text: "Webhook settings and delivery log (a merchant admin: its own merchant's)." },
  'webhooks.any-merchant': { roles: ROLES.superadmin, text: "Every merchant's webhooks, not only the actor's own." },
  'dashboard.show': { roles: ROLE_GROUPS.backoffice, text: 'The dashboard counters.' },
  'dashboard.kpis': { roles: ROLE_GROUPS.backoffice, text: "The dashboard's charts (issue 15): a merchant role sees its own parcels only." },
  'dashboard.network': { roles: ROLE_GROUPS.admin, text: "The dashboard's charts for the whole network or any merchant (the merchant filter)." },
  'merchants.preferences': { roles: ROLES.merchant_admin, text: "The merchant's own notification preferences." },
  'lockers.terminal-secret': { roles: ROLE_GROUPS.admin, text: "Create or rotate a locker terminal's secret (shown once)." },
  'lockers.badges': { roles: ROLE_GROUPS.admin, text: "Create or revoke a courier's kiosk badge code (shown once)." },
  'lockers.resend-code': { roles: ROLE_GROUPS.admin, text: 'Send the customer a new pickup code (the old one stops working).' },
  'lockers.door-events': { roles: ROLE_GROUPS.admin, text: "A terminal's door openings (code, courier, support, retrieval)." },
  'lockers.open-door': { roles: ROLE_GROUPS.admin, text: "Open one door of a terminal remotely (audited)." },
  'scans.sync': { roles: ROLE_GROUPS.admin | ROLES.driver | ROLES.pudo | ROLES.warehouse, text: 'Offline scanning: send the queued scans (POST /api/scans/sync) and fetch the packages to recognise offline (GET /api/scans/known).' },
  'operations.debug': { roles: ROLES.superadmin, text: 'The operations debug panel on a record.' },
} as const satisfies Record<string, { roles: number; text: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (actor: { role: number }, permission: Permission): boolean => roleMatches(actor.role, PERMISSIONS[permission].roles);
