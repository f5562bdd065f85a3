/**
 * A locker's occupancy grid (GET /api/locations/:id/occupancy): every door of its terminal with its size,
 * state (core doorState: free, reserved, occupied, expired, out of service) and the package in it, plus the
 * free doors per size and the packages flagged because their door went out of service with no other free.
 */
import { doorState, LOCKER_SIZES, type DoorState, type FreeDoors } from '../../core/policies/lockers.policy.js';
import type { Location } from '../db/tables.js';
import { parseTerminal } from '../providers/locker/index.js';
import type { Executor } from '../resources/shared/op-context.js';
import { layoutDoors } from './doors.repository.js';

export interface OccupancyDoor {
  number: number;
  size: string;
  state: DoorState;
  package: { id: number; barcode: string; shipment_id: number; status: number; flagged: boolean } | null;
  out_of_service: { reason: string | null; since: string } | null;
}

export interface Occupancy {
  location_id: number;
  terminal: { layout: string; service: string } | null;
  doors: OccupancyDoor[];
  sizes: Record<string, { total: number; free: number; out_of_service: number }>;
  free: FreeDoors;
  flagged: number;
}

export async function lockerOccupancy(db: Executor, location: Location): Promise<Occupancy> {
  const terminal = parseTerminal(location);
  const sizes = Object.fromEntries(LOCKER_SIZES.map((s) => [s, { total: 0, free: 0, out_of_service: 0 }]));
  const free: FreeDoors = { SMALL: 0, MEDIUM: 0, LARGE: 0 };
  if (!terminal) return { location_id: location.id, terminal: null, doors: [], sizes, free, flagged: 0 };
  const [held, out] = await Promise.all([
    db
      .selectFrom('locker_compartments')
      .innerJoin('packages', 'packages.id', 'locker_compartments.package_id')
      .select(['locker_compartments.compartment', 'locker_compartments.state', 'packages.id', 'packages.barcode', 'packages.shipment_id', 'packages.status', 'packages.door_flag'])
      .where('locker_compartments.location_id', '=', location.id)
      .execute(),
    db.selectFrom('locker_doors_out').select(['compartment', 'reason', 'created_at']).where('location_id', '=', location.id).execute(),
  ]);
  const byDoor = new Map(held.map((h) => [h.compartment, h]));
  const outByDoor = new Map(out.map((o) => [o.compartment, o]));
  let flagged = 0;
  const doors = layoutDoors(terminal).map((door): OccupancyDoor => {
    const h = byDoor.get(door.number);
    const o = outByDoor.get(door.number);
    const state = doorState(h ? { state: h.state, package_status: h.status } : null, Boolean(o));
    const size = sizes[door.size]!;
    size.total++;
    if (state === 'free') {
      size.free++;
      free[door.size]++;
    }
    if (o) size.out_of_service++;
    if (h?.door_flag) flagged++;
    return {
      number: door.number,
      size: door.size,
      state,
      package: h ? { id: h.id, barcode: h.barcode, shipment_id: h.shipment_id, status: h.status, flagged: Boolean(h.door_flag) } : null,
      out_of_service: o ? { reason: o.reason, since: o.created_at } : null,
    };
  });
  return { location_id: location.id, terminal: { layout: terminal.layout, service: terminal.service }, doors, sizes, free, flagged };
}
