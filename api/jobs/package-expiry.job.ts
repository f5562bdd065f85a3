/**
 * Scheduled package work (DESIGN.md section 4): packages ready to collect expire when expires_at
 * passes (90 -> -40, package-expired to the customer), and the 24 h reminder falls due. A pass takes
 * the clock reading as an argument (tests move time), works in small batches and is safe with several
 * server processes on one PostgreSQL: expiry goes through the package transition's compare-and-set
 * (a second process loses the race and skips), and a reminder is claimed by setting
 * reminder_sent_for = expires_at with a conditional UPDATE before it is enqueued, in one transaction.
 */
import type { Kysely } from 'kysely';
import { isDomainError } from '../../core/errors.js';
import { applyPackageAction, EXPIRING_PACKAGE_STATUSES, REMINDABLE_PACKAGE_STATUSES, reminderDueFor, storageRulesOf, SYSTEM_ACTOR } from '../../core/machines/index.js';
import type { Database, Package } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import { recordEvent } from '../events/events.repository.js';
import { returnFromTemporaryStorage } from '../lockers/temporary-storage.service.js';
import { systemContext } from '../resources/shared/op-context.js';
import { runPackageAction } from '../resources/packages/package-actions.service.js';
import { enqueuePackageNotification } from '../resources/shared/effects.js';
import { recordSkippedRow } from './skipped-rows.js';

export interface PassResult {
  expired: number;
  reminded: number;
  /** Packages back on their locker's route from temporary storage (issue 13). */
  returned: number;
}

const BATCH = 200;
/** The longest reminder lead a location can set (core/schemas/location.schema.ts storage_reminder_hours). */
const MAX_REMINDER_HOURS = 240;

/** Expires every package whose storage time is over (at most `limit` per pass). */
export async function expirePackages(db: Kysely<Database>, dialect: Dialect, now: Date, limit = BATCH): Promise<number> {
  const due = await dueExpiriesQuery(db, now, limit).execute();
  let done = 0;
  for (const pkg of due) {
    try {
      const outcome = await runPackageAction(systemContext(db, dialect, now), pkg, 'expire-by-time');
      done++;
      await applyEndAction(db, dialect, now, outcome.package);
    } catch (error) {
      // Another process (or a user) moved it first: nothing to do. Anything else is a bad row: skipped, recorded.
      if (!isDomainError(error)) await recordSkippedRow(db, { subject_type: 'package', subject_id: pkg.id, pass: 'package-expiry', error }, now);
    }
  }
  return done;
}

/** Packages ready to collect whose storage time is over, the longest over first. */
export function dueExpiriesQuery(db: Kysely<Database>, now: Date, limit = BATCH) {
  return db.selectFrom('packages').selectAll().where('status', 'in', EXPIRING_PACKAGE_STATUSES).where('expires_at', '<=', now.toISOString()).orderBy('expires_at').limit(limit);
}

/**
 * The location's end action (storage rules): `manual` leaves the expired package for someone to make retrievable
 * (today's behaviour); return to sender / to the warehouse makes it retrievable at once, the destination in the event.
 */
async function applyEndAction(db: Kysely<Database>, dialect: Dialect, now: Date, pkg: Package): Promise<void> {
  const location = pkg.location_id == null ? undefined : await db.selectFrom('locations').selectAll().where('id', '=', pkg.location_id).executeTakeFirst();
  const rules = storageRulesOf(location);
  if (rules.end_action === 'manual') return;
  await runPackageAction(systemContext(db, dialect, now), pkg, 'expire', { reason: rules.end_action });
}

/** Sends the expiry reminder (it gives the expiry date) once per expires_at, at the location's lead (extend-expiry re-arms it). */
export async function remindPackages(db: Kysely<Database>, now: Date, limit = BATCH): Promise<number> {
  const due = await dueRemindersQuery(db, now, limit).execute();
  let sent = 0;
  for (const row of due) {
    try {
      if (await remindPackage(db, row, now)) sent++;
    } catch (error) {
      await recordSkippedRow(db, { subject_type: 'package', subject_id: row.id, pass: 'package-reminders', error }, now);
    }
  }
  return sent;
}

/**
 * Packages ready to collect whose expiry is within the longest reminder lead a location may set and not yet
 * reminded for it; remindPackage then holds each to its own location's lead (storage rules). Read from the index
 * alone until the page (migration 030, tests/api/job-plans.test.ts).
 */
export function dueRemindersQuery(db: Kysely<Database>, now: Date, limit = BATCH) {
  const horizon = new Date(now.getTime() + MAX_REMINDER_HOURS * 3_600_000).toISOString();
  return db
    .selectFrom('packages')
    .innerJoin('shipments', 'shipments.id', 'packages.shipment_id')
    .leftJoin('locations', 'locations.id', 'packages.location_id')
    .selectAll('packages')
    .select(['shipments.reference_id', 'shipments.first_name', 'shipments.email', 'shipments.phone', 'shipments.locale', 'locations.name as location_name', 'locations.timezone', 'locations.storage_reminder_hours'])
    .where('packages.status', 'in', REMINDABLE_PACKAGE_STATUSES)
    .where('packages.expires_at', '>', now.toISOString())
    .where('packages.expires_at', '<=', horizon)
    .where((eb) => eb.or([eb('packages.reminder_sent_for', 'is', null), eb('packages.reminder_sent_for', '!=', eb.ref('packages.expires_at'))]))
    .orderBy('packages.expires_at')
    .limit(limit);
}

type ReminderRow = Awaited<ReturnType<ReturnType<typeof dueRemindersQuery>['execute']>>[number];

/** Claims and enqueues one reminder; false when it is not due or another process claimed it first. */
async function remindPackage(db: Kysely<Database>, row: ReminderRow, now: Date): Promise<boolean> {
  if (!row.expires_at || now < reminderDueFor(row.expires_at, storageRulesOf({ storage_reminder_hours: row.storage_reminder_hours }))) return false;
  const decision = applyPackageAction(row, 'remind', { actor: SYSTEM_ACTOR, features: 0, now });
  if (!decision.ok) return false;
  const claimed = await db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('packages')
      .set({ reminder_sent_for: row.expires_at })
      .where('id', '=', row.id)
      .where('status', 'in', REMINDABLE_PACKAGE_STATUSES)
      .where('expires_at', '=', row.expires_at)
      .where((eb) => eb.or([eb('reminder_sent_for', 'is', null), eb('reminder_sent_for', '!=', row.expires_at)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    const stamp = now.toISOString();
    await recordEvent(trx, { subject_type: 'package', subject_id: row.id, kind: 'remind', from_status: row.status, to_status: row.status, actor_id: null, location_id: row.location_id, created_at: stamp, data: { expires_at: row.expires_at } });
    await enqueuePackageNotification(
      trx,
      'package-reminder',
      { package: row, shipment: row, location: row.location_name ? { name: row.location_name, timezone: row.timezone } : null },
      `remind:${row.expires_at}`,
      now,
    );
    return true;
  });
  return claimed;
}

/** One scheduler pass. */
export async function runPackagePass(db: Kysely<Database>, dialect: Dialect, now: Date): Promise<PassResult> {
  const reminded = await remindPackages(db, now);
  const expired = await expirePackages(db, dialect, now);
  const returned = await returnFromTemporaryStorage(db, now);
  return { expired, reminded, returned };
}
