/**
 * Doors out of service and back (POST /api/locations/:id/doors/:door/out-of-service | in-service), support
 * and superadmin (`lockers.doors`). Out of service: the door is no longer free for reservations; a package
 * reserved or lying in it moves to the lowest free door of the same size (locker_number follows, event
 * `door-moved`), or, with none free, stays where it is flagged (packages.door_flag, event `door-flagged`).
 * Back in service clears the flag of the package still in it. One transaction each; marking twice is a no-op.
 */
import { DomainError } from '../../core/errors.js';
import { DOOR_FLAG_NO_DOOR } from '../../core/policies/lockers.policy.js';
import type { Location } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import { parseTerminal } from '../providers/locker/index.js';
import { actorId, type Executor, type OpContext } from '../resources/shared/op-context.js';
import { layoutDoors, outOfServiceDoors } from './doors.repository.js';

export interface DoorChange {
  door: number;
  out_of_service: boolean;
  /** What happened to the package in the door, if any. */
  package?: { id: number; moved_to?: number; flagged?: boolean };
}

function doorOf(location: Location, door: number) {
  const terminal = parseTerminal(location);
  if (!terminal) throw new DomainError('provider.terminal_not_found');
  const found = layoutDoors(terminal).find((d) => d.number === door);
  if (!found) throw new DomainError('lockers.door_not_found');
  return { terminal, found };
}

/** Moves the package in `door` to the lowest free door of the same size; null when none is free. */
async function moveToFreeDoor(trx: Executor, location: Location, door: number, size: string): Promise<number | null> {
  const { terminal } = doorOf(location, door);
  for (;;) {
    const [held, out] = await Promise.all([
      trx.selectFrom('locker_compartments').select('compartment').where('location_id', '=', location.id).execute(),
      outOfServiceDoors(trx, location.id),
    ]);
    const taken = new Set(held.map((r) => r.compartment));
    const target = layoutDoors(terminal).find((d) => d.size === size && d.number !== door && !taken.has(d.number) && !out.has(d.number));
    if (!target) return null;
    // Copy the row to the new door (the insert only wins when the door is still free), then drop the old one.
    const row = await trx.selectFrom('locker_compartments').selectAll().where('location_id', '=', location.id).where('compartment', '=', door).executeTakeFirstOrThrow();
    await trx.deleteFrom('locker_compartments').where('location_id', '=', location.id).where('compartment', '=', door).execute();
    const res = await trx
      .insertInto('locker_compartments')
      .values({ ...row, compartment: target.number })
      .onConflict((oc) => oc.columns(['location_id', 'compartment']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) return target.number;
    await trx.insertInto('locker_compartments').values(row).execute();
  }
}

/** A door taken out of service or back: an event of the location, listed with the terminal's door events. */
async function recordDoorChange(trx: Executor, ctx: OpContext, locationId: number, door: number, kind: 'door-out-of-service' | 'door-in-service', now: string, reason: string | null) {
  await recordEvent(trx, { subject_type: 'location', subject_id: locationId, kind, actor_id: actorId(ctx), location_id: locationId, created_at: now, data: { compartment: door, ...(reason ? { reason } : {}) } });
}

export async function setDoorOutOfService(ctx: OpContext, location: Location, door: number, reason: string | null): Promise<DoorChange> {
  doorOf(location, door);
  const now = ctx.now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('locker_doors_out')
      .values({ location_id: location.id, compartment: door, reason, actor_id: actorId(ctx), created_at: now })
      .onConflict((oc) => oc.columns(['location_id', 'compartment']).doNothing())
      .executeTakeFirst();
    const change: DoorChange = { door, out_of_service: true };
    if (Number(res.numInsertedOrUpdatedRows ?? 0) !== 1) return change;
    await recordDoorChange(trx, ctx, location.id, door, 'door-out-of-service', now, reason);
    const held = await trx.selectFrom('locker_compartments').select(['package_id', 'size']).where('location_id', '=', location.id).where('compartment', '=', door).executeTakeFirst();
    if (!held) return change;
    const pkg = await trx.selectFrom('packages').select(['id', 'status']).where('id', '=', held.package_id).executeTakeFirstOrThrow();
    const movedTo = await moveToFreeDoor(trx, location, door, held.size);
    const base = { subject_type: 'package' as const, subject_id: pkg.id, from_status: pkg.status, to_status: pkg.status, actor_id: actorId(ctx), location_id: location.id, created_at: now };
    if (movedTo != null) {
      await trx.updateTable('packages').set({ locker_number: String(movedTo), door_flag: null }).where('id', '=', pkg.id).execute();
      await recordEvent(trx, { ...base, kind: 'door-moved', data: { compartment: door, from_door: door, to_door: movedTo, reason } });
      change.package = { id: pkg.id, moved_to: movedTo };
    } else {
      await trx.updateTable('packages').set({ door_flag: DOOR_FLAG_NO_DOOR }).where('id', '=', pkg.id).execute();
      await recordEvent(trx, { ...base, kind: 'door-flagged', data: { compartment: door, door, reason } });
      change.package = { id: pkg.id, flagged: true };
    }
    return change;
  });
}

export async function setDoorInService(ctx: OpContext, location: Location, door: number): Promise<DoorChange> {
  doorOf(location, door);
  return ctx.db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('locker_doors_out').where('location_id', '=', location.id).where('compartment', '=', door).executeTakeFirst();
    if (Number(res.numDeletedRows) === 1) await recordDoorChange(trx, ctx, location.id, door, 'door-in-service', ctx.now.toISOString(), null);
    const held = await trx.selectFrom('locker_compartments').select('package_id').where('location_id', '=', location.id).where('compartment', '=', door).executeTakeFirst();
    if (held) await trx.updateTable('packages').set({ door_flag: null }).where('id', '=', held.package_id).execute();
    return { door, out_of_service: false };
  });
}
