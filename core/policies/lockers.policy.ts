/**
 * Lockers policy (issue 13: occupancy, doors, "locker full"). Pure functions: no I/O, browser-safe.
 * - A door's state on the occupancy grid: free, reserved, occupied, expired, out of service.
 * - Which sizes a package fits (a package takes a door of its size or, if none is free, a larger one).
 * - What the courier may report at a locker and where the package then goes (temporary storage: the
 *   nearest PUDO point or locker within TEMPORARY_STORAGE_RADIUS_KM with room, else the nearest with room).
 * Who may see and change doors is in core/policies/route.permissions.ts (`lockers.doors`, `locations.availability`).
 */
import { PACKAGE_STATUS } from '../statuses.js';

export const LOCKER_SIZES = ['SMALL', 'MEDIUM', 'LARGE'] as const;
export type LockerSize = (typeof LOCKER_SIZES)[number];

export const DOOR_STATES = ['free', 'reserved', 'occupied', 'expired', 'out_of_service'] as const;
export type DoorState = (typeof DOOR_STATES)[number];

/** What a courier can report at a locker that will not take the package. */
export const LOCKER_FULL_REASONS = ['no_free_door', 'door_fault', 'parcel_does_not_fit'] as const;
export type LockerFullReason = (typeof LOCKER_FULL_REASONS)[number];

/** InPost's "temporary storage" radius. */
export const TEMPORARY_STORAGE_RADIUS_KM = 2;

/** The flag a package gets when its door went out of service and no other door of its size was free. */
export const DOOR_FLAG_NO_DOOR = 'door_out_of_service';

/** The sizes of door a package of `size` may take, its own first. Oversized and unknown sizes: none. */
export function doorSizesFor(size: string): LockerSize[] {
  const index = LOCKER_SIZES.indexOf(size as LockerSize);
  return index < 0 ? [] : LOCKER_SIZES.slice(index);
}

export type FreeDoors = Record<LockerSize, number>;

/** Doors a package of each size could take now (its own size or larger). */
export function fittingDoors(free: FreeDoors): FreeDoors {
  return { SMALL: free.SMALL + free.MEDIUM + free.LARGE, MEDIUM: free.MEDIUM + free.LARGE, LARGE: free.LARGE };
}

/** A locker has room for these package sizes (each package needs its own door). */
export function lockerHasRoom(free: FreeDoors, sizes: readonly string[]): boolean {
  const left = { ...free };
  // Largest first, so a small package does not take the last large door a large one needs.
  for (const size of [...sizes].sort((a, b) => LOCKER_SIZES.indexOf(b as LockerSize) - LOCKER_SIZES.indexOf(a as LockerSize))) {
    const door = doorSizesFor(size).find((s) => left[s] > 0);
    if (!door) return false;
    left[door]--;
  }
  return true;
}

/** The sizes a locker cannot take now (the shipment form shows "full for size M"). */
export const fullSizes = (free: FreeDoors): LockerSize[] => LOCKER_SIZES.filter((size) => fittingDoors(free)[size] === 0);

/** The state a door is drawn in. `held`: the compartment row of the package in it, if any. */
export function doorState(held: { state: string; package_status?: number | null } | null, outOfService: boolean): DoorState {
  if (outOfService) return 'out_of_service';
  if (!held) return 'free';
  if (held.state === 'retrievable' || held.package_status === PACKAGE_STATUS.expired || held.package_status === PACKAGE_STATUS.expired_retrievable) return 'expired';
  return held.state === 'occupied' ? 'occupied' : 'reserved';
}

/**
 * The courier may report a locker full only for a package in transit towards a locker (not a consolidated one:
 * its container travels for it).
 */
export function lockerFullRefusal(pkg: { status: number; is_consolidated?: number | null }, dropoff: { class: string } | null | undefined): 'lockers.report_not_allowed' | null {
  if (pkg.status !== PACKAGE_STATUS.in_transit || pkg.is_consolidated === 1) return 'lockers.report_not_allowed';
  return dropoff?.class === 'locker' ? null : 'lockers.report_not_allowed';
}

export interface StorageCandidate {
  id: number;
  /** km; null when a side has no coordinates (ranked last). */
  distance: number | null;
  hasRoom: boolean;
}

/** Temporary storage: the nearest candidate with room within the radius, else the nearest with room, else none. */
export function chooseTemporaryStorage<T extends StorageCandidate>(candidates: readonly T[]): T | null {
  const withRoom = candidates.filter((c) => c.hasRoom).sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.id - b.id);
  return withRoom.find((c) => c.distance != null && c.distance <= TEMPORARY_STORAGE_RADIUS_KM) ?? withRoom[0] ?? null;
}

/** A package waiting in temporary storage goes back to its locker's route when this is true. */
export const returnsFromStorage = (pkg: { status: number; storage_return_at: string | null }, now: Date): boolean =>
  pkg.status === PACKAGE_STATUS.ready_to_collect && pkg.storage_return_at != null && pkg.storage_return_at <= now.toISOString();

/** A location has an occupancy grid once it is a locker with a terminal. */
export const hasOccupancyGrid = (location: { class?: string | null; terminal?: string | null }): boolean => location.class === 'locker' && Boolean(location.terminal);

/** Packages of a shipment that need no door when a locker is offered for it (cancelled ones). */
export const DOORLESS_PACKAGE_STATUSES: readonly number[] = [PACKAGE_STATUS.cancelled];
/** Packages the temporary-storage return looks at: waiting at the storage place, ready to collect. */
export const IN_STORAGE_STATUSES: readonly number[] = [PACKAGE_STATUS.ready_to_collect];
