/**
 * "Locker full" and misaligned drop-offs (issue 13, InPost's temporary storage). The courier (driver screen,
 * later the kiosk) reports no free door / door fault / parcel does not fit for a package on its way to a
 * locker: it is rerouted to the nearest PUDO point or locker within 2 km that has room (else the nearest
 * with room), keeping everything it has (pickup code included) and the expiry it would have had at its
 * locker from now, and the customer is told where and until when (package-temporary-storage). If it is not
 * collected there by the next business day, the package pass (api/jobs/package-expiry.job.ts) puts it back
 * on its original locker's route: its drop-off becomes that locker again, a driver takes it there, and it
 * keeps its expiry.
 */
import { DomainError } from '../../core/errors.js';
import { holdUntil, nextBusinessDay, storageRulesOf } from '../../core/machines/index.js';
import { IN_STORAGE_STATUSES, LOCKER_FULL_REASONS, chooseTemporaryStorage, lockerFullRefusal, lockerHasRoom, returnsFromStorage, type LockerFullReason } from '../../core/policies/lockers.policy.js';
import { fieldError } from '../resources/validate.js';
import { sql, type Kysely } from 'kysely';
import type { Database, Package } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import { alternativeLocations } from '../resources/packages/alternatives.js';
import { runPackageAction, type PackageActionOutcome } from '../resources/packages/package-actions.service.js';
import { nextStamp, type Executor, type OpContext } from '../resources/shared/op-context.js';
import { freeDoorsOf } from './doors.repository.js';

export interface TemporaryStorage extends PackageActionOutcome {
  storage: { location_id: number; name: string; class: string; distance: number | null; expires_at: string; returns_at: string };
}

/** Candidates for temporary storage, nearest first, each with whether it has room for the package now. */
async function storageCandidates(db: Executor, pkg: Package) {
  const near = await alternativeLocations(db, pkg, 500);
  const lockers = near.filter((c) => c.class === 'locker').map((c) => c.id);
  const terminals = lockers.length ? await db.selectFrom('locations').select(['id', 'terminal']).where('id', 'in', lockers).execute() : [];
  const free = await freeDoorsOf(db, terminals);
  return near.map((c) => ({ ...c, hasRoom: c.class !== 'locker' || lockerHasRoom(free.get(c.id)!, [pkg.size]) }));
}

/** The report's `reason` (driver screen and kiosk alike), or a coded field error. */
export function lockerFullReasonOf(reason: unknown): LockerFullReason {
  if (reason === undefined || reason === null || reason === '') fieldError('reason', 'validation.required');
  if (!(LOCKER_FULL_REASONS as readonly unknown[]).includes(reason)) fieldError('reason', 'validation.in');
  return reason as LockerFullReason;
}

export async function reportLockerFull(ctx: OpContext, pkg: Package, reason: LockerFullReason): Promise<TemporaryStorage> {
  const dropoff = pkg.dropoff_location_id == null ? undefined : await ctx.db.selectFrom('locations').selectAll().where('id', '=', pkg.dropoff_location_id).executeTakeFirst();
  const refusal = lockerFullRefusal(pkg, dropoff);
  if (refusal) throw new DomainError(refusal);
  const target = chooseTemporaryStorage(await storageCandidates(ctx.db, pkg));
  if (!target) throw new DomainError('lockers.no_storage_nearby');
  // The expiry it would have had in its own locker from now; a second report keeps the first one's facts.
  const rules = storageRulesOf(dropoff);
  const expires = pkg.kept_expires_at ?? holdUntil(ctx.now, rules).toISOString();
  const returns = nextBusinessDay(ctx.now, rules.time_zone).toISOString();
  const outcome = await runPackageAction(ctx, pkg, 'reroute', {
    target_location_id: target.id,
    reason,
    extraPatch: { storage_origin_id: pkg.storage_origin_id ?? dropoff!.id, storage_return_at: returns, kept_expires_at: expires, expires_at: expires },
    notifyAs: 'package-temporary-storage',
  });
  return { ...outcome, storage: { location_id: target.id, name: target.name, class: target.class, distance: target.distance, expires_at: expires, returns_at: returns } };
}

/** Packages whose temporary storage is over, the longest over first (read from the partial index of migration 030). */
export function dueStorageReturnsQuery(db: Kysely<Database>, now: Date, limit = 200) {
  return db
    .selectFrom('packages')
    .selectAll()
    .where('storage_return_at', 'is not', null)
    .where('storage_return_at', '<=', now.toISOString())
    // `+status`: the status indexes must not lead (they would read every package waiting to be collected and sort them).
    .where(sql`+${sql.ref('status')}`, 'in', IN_STORAGE_STATUSES)
    .orderBy('storage_return_at')
    .limit(limit);
}

/**
 * Packages in temporary storage not collected by their return time go back on their locker's route: the
 * drop-off is the original locker again (a driver picks the package up where it waits and deposits it there).
 * Compare-and-set per package, so several processes running the pass move each package once.
 */
export async function returnFromTemporaryStorage(db: Kysely<Database>, now: Date, limit = 200): Promise<number> {
  const due = await dueStorageReturnsQuery(db, now, limit).execute();
  let moved = 0;
  for (const pkg of due) {
    if (!returnsFromStorage(pkg, now) || pkg.storage_origin_id == null) continue;
    const stamp = nextStamp(now, pkg.updated_at);
    const won = await db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('packages')
        .set({ dropoff_location_id: pkg.storage_origin_id, is_rerouted: 1, storage_return_at: null, updated_at: stamp })
        .where('id', '=', pkg.id)
        .where('updated_at', '=', pkg.updated_at)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await recordEvent(trx, {
        subject_type: 'package', subject_id: pkg.id, kind: 'storage-return', from_status: pkg.status, to_status: pkg.status,
        actor_id: null, location_id: pkg.location_id, created_at: now.toISOString(), data: { target_location_id: pkg.storage_origin_id },
      });
      return true;
    });
    if (won) moved++;
  }
  return moved;
}
