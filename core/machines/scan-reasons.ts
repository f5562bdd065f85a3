/**
 * Why a scanned package that exists is not one the scanning role may act on here (issue 10): instead of
 * "Could not find a matching package", the driver, PUDO and warehouse screens say what is true and what to
 * do. Only these operational roles are told (status and a location name, never the merchant's data); every
 * other role keeps `package.not_found_by_barcode`, so a foreign package is never confirmed.
 */
import type { ErrorCode } from '../errors.js';
import { ROLES } from '../roles.js';
import { PACKAGE_STATUS as P } from '../statuses.js';

export interface ScanReason {
  code: ErrorCode;
  /** Which location the message names (`%{location}`), if any. */
  names?: 'location_id' | 'dropoff_location_id';
}

const OPERATIONAL = ROLES.driver | ROLES.pudo | ROLES.warehouse;
/** Still with the merchant: printed or not, pickup not requested. */
const NOT_YET_REQUESTED: readonly number[] = [P.draft, P.printed];
/** Waiting for the customer where it sits. */
const WAITING_FOR_CUSTOMER: readonly number[] = [P.dropped_off, P.awaiting_payment, P.ready_to_collect];
/** Travelling towards its drop-off. */
const ON_ITS_WAY: readonly number[] = [P.awaiting_pickup, P.in_transit, P.in_warehouse];

export function scanReason(pkg: { status: number; location_id: number | null; dropoff_location_id: number | null }, role: number): ScanReason | null {
  if ((role & OPERATIONAL) === 0) return null;
  if (NOT_YET_REQUESTED.includes(pkg.status)) return { code: 'package.not_ready_for_pickup' };
  if (WAITING_FOR_CUSTOMER.includes(pkg.status) && pkg.location_id != null) return { code: 'package.already_at_location', names: 'location_id' };
  if (ON_ITS_WAY.includes(pkg.status) && pkg.dropoff_location_id != null) return { code: 'package.goes_elsewhere', names: 'dropoff_location_id' };
  return { code: 'package.nothing_to_do_here' };
}

/** Carried by a driver (picked up from a pickup point, or retrieved from a locker after expiry). */
const CARRIED: readonly number[] = [P.in_transit, P.expired_retrieved];

/**
 * A pickup scan of a package another driver already carries: the first scan to reach the server won
 * (docs/offline-scanning.md, conflict rule), and the later one is told so (`package.already_picked_up`,
 * "Already picked up by someone else") instead of where the package goes. Scanning roles only, like scanReason.
 */
export function scanConflict(pkg: { status: number; driver_id: number | null }, action: string, actor: { id: number; role: number }): ErrorCode | null {
  if ((actor.role & OPERATIONAL) === 0 || action !== 'pickup') return null;
  return CARRIED.includes(pkg.status) && pkg.driver_id != null && pkg.driver_id !== actor.id ? 'package.already_picked_up' : null;
}
