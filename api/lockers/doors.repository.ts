/**
 * A locker's doors as the database holds them: the terminal layout (locations.terminal) numbers the doors
 * by size, locker_compartments holds the reserved/occupied ones, locker_doors_out the ones out of service.
 * Free = in the layout, held by no package and in service.
 */
import { LOCKER_SIZES, type FreeDoors, type LockerSize } from '../../core/policies/lockers.policy.js';
import type { Location } from '../db/tables.js';
import { parseTerminal, type Terminal } from '../providers/locker/index.js';
import type { Executor } from '../resources/shared/op-context.js';

export interface LayoutDoor {
  number: number;
  size: LockerSize;
}

/** Every door of a terminal, in number order (1..SMALL small, then medium, then large). */
export function layoutDoors(terminal: Terminal): LayoutDoor[] {
  const doors: LayoutDoor[] = [];
  let number = 1;
  for (const size of LOCKER_SIZES) for (let i = 0; i < terminal.compartments[size]; i++) doors.push({ number: number++, size });
  return doors;
}

/** Door numbers that are out of service at a location. */
export async function outOfServiceDoors(db: Executor, locationId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('locker_doors_out').select('compartment').where('location_id', '=', locationId).execute();
  return new Set(rows.map((r) => r.compartment));
}

/** Free doors per size of one locker now; a location without a terminal has none. */
export async function freeDoors(db: Executor, location: Pick<Location, 'id' | 'terminal'>): Promise<FreeDoors> {
  return (await freeDoorsOf(db, [location])).get(location.id)!;
}

/** Free doors per size of several lockers at once (temporary storage looks at every locker near by). */
export async function freeDoorsOf(db: Executor, locations: Pick<Location, 'id' | 'terminal'>[]): Promise<Map<number, FreeDoors>> {
  const result = new Map<number, FreeDoors>();
  const ids = locations.map((l) => l.id);
  if (!ids.length) return result;
  const [held, out] = await Promise.all([
    db.selectFrom('locker_compartments').select(['location_id', 'compartment']).where('location_id', 'in', ids).execute(),
    db.selectFrom('locker_doors_out').select(['location_id', 'compartment']).where('location_id', 'in', ids).execute(),
  ]);
  const taken = new Set([...held, ...out].map((r) => `${r.location_id}:${r.compartment}`));
  for (const location of locations) {
    const free: FreeDoors = { SMALL: 0, MEDIUM: 0, LARGE: 0 };
    const terminal = parseTerminal(location);
    if (terminal) for (const door of layoutDoors(terminal)) if (!taken.has(`${location.id}:${door.number}`)) free[door.size]++;
    result.set(location.id, free);
  }
  return result;
}
