/**
 * Packages policy, visibility (DESIGN.md section 8, users policy shape): which packages an actor reaches,
 * as a scope the API turns into SQL, and who packages are handed over to. The verbs and their statuses are
 * core/machines/package.machine.ts. Pure functions: no I/O, browser-safe.
 */
import { ROLES, isAdminRole, isMerchantRole, isStoreRole } from '../roles.js';
import { PACKAGE_STATUS } from '../statuses.js';
import { checkInAnywhereStatuses } from '../machines/package.machine.js';

/**
 * all: staff; merchant: the packages of the actor's merchant (none without one); locations: the packages at
 * or bound for the actor's locations, plus the packages the role may check in
 * wherever they come from (the package machine's check-in rules: a warehouse receives every package in transit); driver: the driver's own; none: nothing.
 */
export type PackageScope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchant_id: number | null }
  | { kind: 'locations'; alsoStatuses: number[] }
  | { kind: 'driver' }
  | { kind: 'none' };

export function packageScope(actor: { role: number; merchant_id: number | null }): PackageScope {
  if (isAdminRole(actor.role)) return { kind: 'all' };
  if (isMerchantRole(actor.role)) return { kind: 'merchant', merchant_id: actor.merchant_id };
  if (isStoreRole(actor.role)) return { kind: 'locations', alsoStatuses: checkInAnywhereStatuses(actor.role) };
  if (actor.role === ROLES.driver) return { kind: 'driver' };
  return { kind: 'none' };
}

/** The role of the users a warehouse hands packages over to. */
export const HANDOVER_ROLE = ROLES.driver;

/** True when the transition frees the package's locker compartment: it leaves the locker for good (an expired package picked up included). */
export const releasesCompartment = (action: string, fromStatus: number): boolean =>
  action === 'collect' || action === 'cancel' || action === 'reroute' || (action === 'pickup' && fromStatus === PACKAGE_STATUS.expired_retrievable);

/** Expired and still in its locker: a locker operator makes it retrievable. */
export const isExpiredInLocker = (pkg: { status: number }): boolean => pkg.status === PACKAGE_STATUS.expired;

/** The tone a package status is shown in: negative end states are errors, ready to collect and beyond successes. */
export const packageStatusTone = (pkg: { status: number }): 'error' | 'success' | 'default' =>
  pkg.status < 0 ? 'error' : pkg.status >= PACKAGE_STATUS.ready_to_collect ? 'success' : 'default';

/** Oversized packages go to PUDO points only (SPEC section 5): the one definition, for every size set and drop-off. */
export const needsPudoDropoff = (sizes: readonly string[]): boolean => sizes.includes('OVERSIZED');
export const oversizedRefusal = (sizes: readonly string[], dropoff: { class: string } | null | undefined): 'package.oversized_needs_pudo' | null =>
  needsPudoDropoff(sizes) && dropoff?.class !== 'pudo' ? 'package.oversized_needs_pudo' : null;
/**
 * A locker texts its pickup code to the customer's mobile (the locker service refuses a shipment without one,
 * SPEC section 8 "invalid phone number"): a customer with no phone number collects at a PUDO point. Refused when
 * the shipment is saved or imported, not later at registration.
 */
export const hasLockerPhone = (phone: unknown): boolean => typeof phone === 'string' && phone.trim() !== '';
/** Whether a drop-off location needs the customer's phone: a locker (it texts the pickup code). */
export const dropoffNeedsPhone = (dropoff: { class: string } | null | undefined): boolean => dropoff?.class === 'locker';
export const lockerPhoneRefusal = (phone: unknown, dropoff: { class: string } | null | undefined): 'shipment.locker_needs_phone' | null =>
  dropoffNeedsPhone(dropoff) && !hasLockerPhone(phone) ? 'shipment.locker_needs_phone' : null;
/** Why a customer may collect only at a PUDO point, or null; `phone`: the customer's, undefined where not known. */
export const pudoOnlyReason = (sizes: readonly string[], phone?: unknown): 'oversized' | 'no_phone' | null =>
  needsPudoDropoff(sizes) ? 'oversized' : phone !== undefined && !hasLockerPhone(phone) ? 'no_phone' : null;
/** The location classes packages of these sizes may be dropped off at (pickers, alternatives, the customer's choices). */
export const dropoffClassesFor = (sizes: readonly string[], phone?: unknown): ('pudo' | 'locker')[] =>
  pudoOnlyReason(sizes, phone) ? ['pudo'] : ['pudo', 'locker'];
/** A customer never drops a parcel off at a warehouse: only lockers and PUDO points are drop-offs for shipments and batch items. */
export const customerDropoffRefusal = (dropoff: { class: string }): 'location.warehouse_not_dropoff' | null =>
  (dropoffClassesFor([]) as string[]).includes(dropoff.class) ? null : 'location.warehouse_not_dropoff';

/** What a driver works on without carrying it: pickups (30, in a warehouse 60, expired-retrievable -45) and expired packages (-40: the lockers screen's "expire all"). */
export const DRIVER_WORK_STATUSES: readonly number[] = [PACKAGE_STATUS.awaiting_pickup, PACKAGE_STATUS.in_warehouse, PACKAGE_STATUS.expired, PACKAGE_STATUS.expired_retrievable];

/** A cancelled package left its shipment: it gets no label and no locker compartment. Query with `not in`. */
export const LEFT_SHIPMENT_STATUSES: readonly number[] = [PACKAGE_STATUS.cancelled];
