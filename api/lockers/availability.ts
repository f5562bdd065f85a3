/**
 * Availability of a drop-off location now (GET /api/locations/:id/availability and the customer's page):
 * free doors per size, the doors a package of each size could take (its size or larger) and the sizes the
 * locker is full for. A PUDO point has no doors: it is never full. The shipment form and the customer's
 * page offer a locker only for sizes it has room for; create/update and the customer's answer refuse a full
 * one (`lockers.full_for_size`). The reservation itself (registration) stays the atomic point: the
 * insert of a (location, door) row that only one caller can win.
 */
import { fittingDoors, fullSizes, lockerHasRoom, type FreeDoors, type LockerSize } from '../../core/policies/lockers.policy.js';
import { DomainError } from '../../core/errors.js';
import type { Location } from '../db/tables.js';
import { parseTerminal } from '../providers/locker/index.js';
import type { Executor } from '../resources/shared/op-context.js';
import { freeDoors } from './doors.repository.js';

export interface Availability {
  location_id: number;
  class: string;
  /** false for PUDO points (they take any parcel) and lockers without a terminal yet (registration refuses those). */
  has_doors: boolean;
  free: FreeDoors;
  fits: FreeDoors;
  full_for: LockerSize[];
}

export async function availabilityOf(db: Executor, location: Pick<Location, 'id' | 'class' | 'terminal'>): Promise<Availability> {
  if (location.class !== 'locker' || !parseTerminal(location)) {
    return { location_id: location.id, class: location.class, has_doors: false, free: { SMALL: 0, MEDIUM: 0, LARGE: 0 }, fits: { SMALL: 0, MEDIUM: 0, LARGE: 0 }, full_for: [] };
  }
  const free = await freeDoors(db, location);
  return { location_id: location.id, class: location.class, has_doors: true, free, fits: fittingDoors(free), full_for: fullSizes(free) };
}

/** Refuses a locker drop-off without a door for every package (a coded 409 on `field`). */
export async function checkLockerRoom(db: Executor, field: string, location: Pick<Location, 'id' | 'class' | 'terminal'>, sizes: readonly string[]): Promise<void> {
  // No terminal yet: registration answers provider.terminal_not_found, as before.
  if (location.class !== 'locker' || !sizes.length || !parseTerminal(location)) return;
  const free = await freeDoors(db, location);
  if (lockerHasRoom(free, sizes)) return;
  const full = fullSizes(free);
  const size = sizes.find((s) => (full as string[]).includes(s)) ?? sizes[0]!;
  const key = 'errors.lockers.full_for_size';
  throw new DomainError('lockers.full_for_size', 'lockers.full_for_size', { fields: { [field]: key }, problems: { [field]: { key, params: { size } } }, params: { size } });
}
