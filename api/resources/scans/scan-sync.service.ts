/**
 * POST /api/scans/sync, one scan at a time (docs/offline-scanning.md). Each scan is decided by the live verbs'
 * rules (runPackageActionWithin: the same machine, compare-and-set and effects) in a transaction of its own that
 * first claims the scan's client id in `scan_syncs` (primary key) and stores the outcome with the package change:
 * a resend, or the same scan sent by two tabs at once, meets that row and is answered from it (`replayed`),
 * never applied twice. A refusal rolls the transaction back and is stored on its own, so it is final too.
 */
import type { Kysely } from 'kysely';
import { DomainError, isDomainError, type ErrorCode } from '../../../core/errors.js';
import type { ScanOut } from '../../../core/contract/index.js';
import { correctedDeviceTime, deviceTimeVerdict, scanClockOffset, SCAN_MAX_AGE_DAYS, type ScanClockOffset } from '../../../core/policies/scans.policy.js';
import type { Translate } from '../../../core/validation.js';
import type { Database, Package } from '../../db/tables.js';
import type { RequestActor } from '../../http/context.js';
import type { Dialect } from '../../db/dialect.js';
import type { Clock } from '../../clock.js';
import { runPackageActionWithin } from '../packages/package-actions.service.js';
import { findByBarcode, loadByBarcode } from '../packages/package-scope.js';
import type { Executor, OpContext } from '../shared/op-context.js';
import { clientIdOf, readScan, type ReadScan } from './scan-input.js';

export interface SyncContext {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  actor: RequestActor;
  /** Server time minus the device's clock at the send (core deviceClockOffset); 0: the device times as sent. A scan's own `clock_offset_ms` is preferred (core scanClockOffset). */
  clockOffsetMs: number;
}

/** What is stored per client id and answered again on a resend (the message is translated per request). */
interface Outcome {
  result: 'applied' | 'refused';
  code?: ErrorCode;
  params?: Record<string, string | number>;
  package?: { id: number; barcode: string; status: number };
  server_time: string;
}

export interface SyncedScan extends Outcome {
  client_id: string | null;
  replayed: boolean;
}

/** A compare-and-set lost to a change that still allows the verb (conflict.stale): decided again on the fresh row. */
const STALE_RETRIES = 3;

/** Placeholder written by the claim; replaced by the outcome in the same transaction, so never seen by others. */
const CLAIMED = '{}';

class AlreadyHandled extends Error {}

const summary = (pkg: Package): Outcome['package'] => ({ id: pkg.id, barcode: pkg.barcode, status: pkg.status });

const refused = (code: ErrorCode, serverTime: string, params?: Outcome['params']): Outcome => ({ result: 'refused', code, ...(params ? { params } : {}), server_time: serverTime });

/** A coded error as a scan's refusal: a field problem of a verb (location_id, handover_to) names the field. */
function refusalOf(error: DomainError, serverTime: string): Outcome {
  if (error.code !== 'validation.failed') return refused(error.code, serverTime, error.params);
  const field = Object.keys(error.problems ?? error.fields ?? {})[0] ?? 'scan';
  return refused('scan.invalid', serverTime, { field });
}

/** The stored outcome of a client id: the user's own is a replay; another user's id is refused without a word about it. */
async function storedAnswer(db: Executor, actor: RequestActor, clientId: string, serverTime: string): Promise<SyncedScan | null> {
  const row = await db.selectFrom('scan_syncs').select(['user_id', 'outcome']).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  if (row.user_id !== actor.id) return { client_id: clientId, replayed: false, ...refused('scan.client_id_taken', serverTime) };
  return { client_id: clientId, replayed: true, ...(JSON.parse(row.outcome) as Outcome) };
}

/** Stores a refusal under the client id, unless a concurrent send stored its outcome first (then that one is the answer). */
async function storeRefusal(ctx: SyncContext, clientId: string, outcome: Outcome): Promise<SyncedScan> {
  const res = await ctx.db
    .insertInto('scan_syncs')
    .values({ client_id: clientId, user_id: ctx.actor.id, outcome: JSON.stringify(outcome), created_at: outcome.server_time })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .executeTakeFirst();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) === 1) return { client_id: clientId, replayed: false, ...outcome };
  return (await storedAnswer(ctx.db, ctx.actor, clientId, outcome.server_time))!;
}

/**
 * What the events of an applied scan carry: the device time as sent, the device clock's offset when it was corrected
 * (and `clock_offset_from: 'scan'` when it was the scan's own), and where the device was.
 */
function scanFacts(read: ReadScan, clamped: boolean, clock: ScanClockOffset): Record<string, unknown> {
  const { client_id, occurred_at, latitude, longitude, accuracy_m } = read.scan;
  return {
    client_id,
    device_time: occurred_at,
    ...(clock.offsetMs ? { clock_offset_ms: clock.offsetMs, ...(clock.from === 'scan' ? { clock_offset_from: 'scan' } : {}) } : {}),
    ...(clamped ? { clock_ahead: true } : {}),
    ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude, accuracy_m } : {}),
  };
}

/** Claims the client id, applies the verb and stores the outcome, in one transaction. */
async function apply(ctx: SyncContext, read: ReadScan, at: Date, clamped: boolean, clock: ScanClockOffset, now: Date): Promise<Outcome> {
  const op: OpContext = { db: ctx.db, dialect: ctx.dialect, now, actor: ctx.actor };
  const { scan } = read;
  const serverTime = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    // First statement: the claim (two sends of one scan meet here; the second waits for the first to commit).
    const claim = await trx
      .insertInto('scan_syncs')
      .values({ client_id: scan.client_id, user_id: ctx.actor.id, outcome: CLAIMED, created_at: serverTime })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AlreadyHandled();
    const pkg = await loadByBarcode(trx, ctx.actor, scan.barcode, scan.action);
    const done = await runPackageActionWithin(op, trx, pkg, scan.action, {
      location_id: scan.location_id ?? null,
      handover_to: scan.handover_to ?? null,
      identification: read.identification,
      scan: { occurred_at: at.toISOString(), data: scanFacts(read, clamped, clock) },
    });
    const outcome: Outcome = { result: 'applied', package: summary(done.package), server_time: serverTime };
    await trx.updateTable('scan_syncs').set({ outcome: JSON.stringify(outcome) }).where('client_id', '=', scan.client_id).execute();
    return outcome;
  });
}

/** One scan of a batch: its outcome, stored under its client id (except when it has no usable one). */
export async function syncScan(ctx: SyncContext, raw: unknown): Promise<SyncedScan> {
  const now = ctx.clock.now();
  const serverTime = now.toISOString();
  const clientId = clientIdOf(raw);
  if (!clientId) {
    const given = (raw as { client_id?: unknown }).client_id;
    return { client_id: typeof given === 'string' ? given.slice(0, 64) : null, replayed: false, ...refused('scan.invalid', serverTime, { field: 'client_id' }) };
  }
  const stored = await storedAnswer(ctx.db, ctx.actor, clientId, serverTime);
  if (stored) return stored;

  const read = readScan(raw);
  if ('field' in read) return storeRefusal(ctx, clientId, refused('scan.invalid', serverTime, { field: read.field }));
  // The device time on the server's clock (a wrong device clock corrected: by the scan's own offset when it carries
  // one, else by the send's), then the same window as any device time.
  const clock = scanClockOffset(read.scan.clock_offset_ms, ctx.clockOffsetMs);
  const time = deviceTimeVerdict(correctedDeviceTime(read.at, clock.offsetMs), now);
  if (!time.ok) return storeRefusal(ctx, clientId, refused(time.code, serverTime, { days: SCAN_MAX_AGE_DAYS }));

  for (let attempt = 1; ; attempt++) {
    try {
      return { client_id: clientId, replayed: false, ...(await apply(ctx, read, time.at, time.clamped, clock, now)) };
    } catch (error) {
      if (error instanceof AlreadyHandled) return (await storedAnswer(ctx.db, ctx.actor, clientId, serverTime))!;
      if (!isDomainError(error)) throw error;
      if (error.code === 'conflict.stale' && attempt < STALE_RETRIES) continue;
      const outcome = refusalOf(error, serverTime);
      // The package as the user may see it now (none when it is not in their scope: nothing leaks).
      const pkg = await findByBarcode(ctx.db, ctx.actor, read.scan.barcode);
      return storeRefusal(ctx, clientId, pkg ? { ...outcome, package: summary(pkg) } : outcome);
    }
  }
}

/** The wire shape (core ScanOut): the refusal and the status in the user's language. */
export function presentScan(synced: SyncedScan, t: Translate): ScanOut {
  const { client_id, result, code, params, package: pkg, server_time, replayed } = synced;
  return {
    client_id,
    result,
    ...(code ? { code, message: t(`errors.${code}`, params).trim() } : {}),
    ...(pkg ? { package: { ...pkg, status_label: t(`statuses.packages.${pkg.status}`) } } : {}),
    server_time,
    replayed,
  };
}
