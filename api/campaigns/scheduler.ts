/**
 * The campaign scheduler pass (docs/campaigns.md). For running batches it takes the items whose next
 * step is due (indexed scan on status + next_notification_at), and carries out each step in its own
 * transaction, claimed by compare-and-set so several processes never send a step twice. It also
 * completes batches with nothing left to do, sends the request-location links of shipments waiting
 * in status 4 (api/public), and turns new shipment/package events into webhook deliveries
 * (api/webhooks). Time comes from an injectable clock.
 */
import type { Kysely, Transaction } from 'kysely';
import { dueStep } from '../../core/campaigns/index.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS } from '../../core/statuses.js';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/dialect.js';
import type { Batch, Database } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import { sendLocationRequests } from '../public/location-requests.js';
import { startPassLoop } from '../notifications/pass-loop.js';
import { runWebhookEventPass } from '../webhooks/webhook-events.js';
import { carryOutStep, ItemRace } from './steps.js';
import './tables.js';

export interface CampaignDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** APP_SECRET (customer links, webhook secrets). */
  secret: string;
  /** Items per pass (default 500). */
  limit?: number;
  log?: (line: string) => void;
}

export interface CampaignPassResult {
  due: number;
  stepped: number;
  /** Items another process handled first. */
  skipped: number;
  completed: number;
  locationRequests: number;
  webhooks: number;
}

/** Statuses the schedule still drives. */
const ACTIVE_ITEM = [ITEM.draft, ITEM.pending, ITEM.notified, ITEM.reminded];
/** Statuses that keep a batch open (an answered item still waits for conversion). */
const OPEN_ITEM = [...ACTIVE_ITEM, ITEM.responded];

export async function runCampaignPass(deps: CampaignDeps): Promise<CampaignPassResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const stamp = now.toISOString();
  const result: CampaignPassResult = { due: 0, stepped: 0, skipped: 0, completed: 0, locationRequests: 0, webhooks: 0 };

  const due = await dueItems(db, stamp, deps.limit ?? 500);
  result.due = due.length;

  // Items are stepped in chunks: one transaction per chunk (a commit per item made commits the cost of a
  // pass), one savepoint per item, so an item that lost its compare-and-set is undone alone.
  const batches = new Map<number, Batch>();
  for (let start = 0; start < due.length; start += ITEMS_PER_TRANSACTION) {
    const trx = await db.startTransaction().execute();
    try {
      for (const id of due.slice(start, start + ITEMS_PER_TRANSACTION)) {
        const item = await trx.savepoint('item').execute();
        try {
          if (await stepItem(item, id, batches, now, deps.secret)) result.stepped++;
          await item.releaseSavepoint('item').execute();
        } catch (error) {
          if (!(error instanceof ItemRace)) throw error;
          await item.rollbackToSavepoint('item').execute();
          await item.releaseSavepoint('item').execute();
          result.skipped++;
        }
      }
      await trx.commit().execute();
    } catch (error) {
      await trx.rollback().execute();
      throw error;
    }
  }

  result.completed = await completeFinishedBatches(db, stamp);
  result.locationRequests = await sendLocationRequests({ db, now, secret: deps.secret });
  result.webhooks = await runWebhookEventPass({ db, dialect: deps.dialect, now });
  return result;
}

/** Items stepped per transaction (each in its own savepoint). */
const ITEMS_PER_TRANSACTION = 100;

/**
 * Ids of due items of running batches, never planned (null) first, then the longest due. One query per
 * status and case, each an index range on (status, next_notification_at) in index order that stops at
 * `limit`; a single `status in (...) and (at <= now or at is null) order by at` query walked and sorted
 * every active item on every pass.
 */
async function dueItems(db: Kysely<Database>, stamp: string, limit: number): Promise<number[]> {
  const found: { id: number; at: string }[] = [];
  for (const status of ACTIVE_ITEM) {
    for (const unplanned of [true, false]) {
      const rows = await db
        .selectFrom('batch_items')
        .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
        .select(['batch_items.id', 'batch_items.next_notification_at'])
        .where('batch_items.status', '=', status)
        .where('batch_items.next_notification_at', unplanned ? 'is' : '<=', unplanned ? null : stamp)
        .where('batches.status', '=', BATCH_STATUS.running)
        .orderBy('batch_items.next_notification_at')
        .orderBy('batch_items.id')
        .limit(limit)
        .execute();
      for (const row of rows) found.push({ id: row.id, at: row.next_notification_at ?? '' });
    }
  }
  return found
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id - b.id))
    .slice(0, limit)
    .map((row) => row.id);
}

/** One item's due step in the caller's transaction; false when nothing was due after all. */
async function stepItem(trx: Transaction<Database>, id: number, batches: Map<number, Batch>, now: Date, secret: string): Promise<boolean> {
  const item = await trx.selectFrom('batch_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!item) return false;
  let batch = batches.get(item.batch_id);
  if (!batch) batches.set(item.batch_id, (batch = await loadBatch(trx, item.batch_id)));
  const step = dueStep(item, batch, now);
  // Not due after all (a plan written before a settings change): carryOutStep still rewrites the plan.
  await carryOutStep(trx, item, batch, step, now, { secret });
  return step.kind !== null;
}

const loadBatch = (db: Kysely<Database> | Transaction<Database>, id: number) => db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Running batches whose items are all converted, idle or failed become Completed (100). */
async function completeFinishedBatches(db: Kysely<Database>, stamp: string): Promise<number> {
  const finished = await db
    .selectFrom('batches')
    .select(['id', 'status'])
    .where('status', '=', BATCH_STATUS.running)
    .where('item_count', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('batch_items').select('batch_items.id').whereRef('batch_items.batch_id', '=', 'batches.id').where('batch_items.status', 'in', OPEN_ITEM))),
    )
    .execute();
  let n = 0;
  for (const b of finished) {
    const res = await db.updateTable('batches').set({ status: BATCH_STATUS.completed, updated_at: stamp }).where('id', '=', b.id).where('status', '=', b.status).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      await recordEvent(db, { subject_type: 'batch', subject_id: b.id, kind: 'status', from_status: b.status, to_status: BATCH_STATUS.completed, actor_id: null, created_at: stamp });
      n++;
    }
  }
  return n;
}

export interface CampaignScheduler {
  runNow(): Promise<CampaignPassResult>;
  stop(): Promise<void>;
}

/** Runs passes every `intervalMs` (default 30 s); the timer does not keep the process alive. */
export function startCampaignScheduler(deps: CampaignDeps & { intervalMs?: number }): CampaignScheduler {
  return startPassLoop({
    runPass: () => runCampaignPass(deps),
    intervalMs: deps.intervalMs ?? 30_000,
    isFull: (result) => result.due >= (deps.limit ?? 500),
    onError: (error) => deps.log?.(`[campaigns] pass failed: ${error.message}`),
  });
}
