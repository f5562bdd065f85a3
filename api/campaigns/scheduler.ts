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
import type { Database } from '../db/tables.js';
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

  const due = await db
    .selectFrom('batch_items')
    .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
    .select('batch_items.id')
    .where('batches.status', '=', BATCH_STATUS.running)
    .where('batch_items.status', 'in', ACTIVE_ITEM)
    .where((eb) => eb.or([eb('batch_items.next_notification_at', '<=', stamp), eb('batch_items.next_notification_at', 'is', null)]))
    .orderBy('batch_items.next_notification_at')
    .orderBy('batch_items.id')
    .limit(deps.limit ?? 500)
    .execute();
  result.due = due.length;

  const batches = new Map<number, Awaited<ReturnType<typeof loadBatch>>>();
  for (const { id } of due) {
    try {
      const stepped = await db.transaction().execute(async (trx) => {
        const item = await trx.selectFrom('batch_items').selectAll().where('id', '=', id).executeTakeFirst();
        if (!item) return false;
        let batch = batches.get(item.batch_id);
        if (!batch) batches.set(item.batch_id, (batch = await loadBatch(trx, item.batch_id)));
        const step = dueStep(item, batch, now);
        // Not due after all (a plan written before a settings change): keep the scan index right.
        await carryOutStep(trx, item, batch, step, now, { secret: deps.secret });
        return step.kind !== null;
      });
      if (stepped) result.stepped++;
    } catch (error) {
      if (!(error instanceof ItemRace)) throw error;
      result.skipped++;
    }
  }

  result.completed = await completeFinishedBatches(db, stamp);
  result.locationRequests = await sendLocationRequests({ db, now, secret: deps.secret });
  result.webhooks = await runWebhookEventPass({ db, dialect: deps.dialect, now });
  return result;
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
