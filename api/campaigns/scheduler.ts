/**
 * The campaign scheduler pass (docs/campaigns.md). For running batches it takes the items whose next
 * step is due (indexed scan on status + next_notification_at), and carries out their steps set-based,
 * one transaction per chunk, claimed by compare-and-set so several processes never send a step twice. It also
 * completes batches with nothing left to do, sends the request-location links of shipments waiting
 * in status 4 (api/public), and turns new shipment/package events into webhook deliveries
 * (api/webhooks). Time comes from an injectable clock.
 */
import type { Kysely } from 'kysely';
import { dueStep } from '../../core/campaigns/index.js';
import { BATCH_ITEM_STATUS as ITEM } from '../../core/statuses.js';
import { OPEN_ITEM_STATUSES, SCHEDULED_ITEM_STATUSES } from '../../core/policies/batch_items.policy.js';
import { BATCH_COMPLETION, SENDING_BATCH_STATUSES } from '../../core/policies/batches.policy.js';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/dialect.js';
import type { Batch, Database } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import { sendLocationRequests } from '../public/location-requests.js';
import { startPassLoop } from '../notifications/pass-loop.js';
import { runWebhookEventPass } from '../webhooks/webhook-events.js';
import { recordSkippedRow } from '../jobs/skipped-rows.js';
import { carryOutSteps, STEP_ITEM_COLUMNS, type ItemStep, type StepItem } from './steps.js';
import './tables.js';

export interface CampaignDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** APP_SECRET (customer links, webhook secrets). */
  secret: string;
  /** Items per pass (default 2,000). */
  limit?: number;
  log?: (line: string) => void;
}

export interface CampaignPassResult {
  due: number;
  stepped: number;
  /** Items another process handled first. */
  skipped: number;
  /** Items that could not be handled (bad data): skipped, recorded (api/jobs/skipped-rows), and failed. */
  bad: number;
  completed: number;
  locationRequests: number;
  webhooks: number;
}


export async function runCampaignPass(deps: CampaignDeps): Promise<CampaignPassResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const stamp = now.toISOString();
  const result: CampaignPassResult = { due: 0, stepped: 0, skipped: 0, bad: 0, completed: 0, locationRequests: 0, webhooks: 0 };

  const due = await dueItems(db, stamp, deps.limit ?? 2000);
  result.due = due.length;

  // The due items are planned (core/campaigns dueStep) and written set-based, one transaction per chunk
  // (api/campaigns/steps). They were read outside it: the write is a compare-and-set on what was read, so
  // an item changed in between is skipped (on SQLite a read inside the transaction would instead make the
  // write fail when another process committed meanwhile).
  const batches = new Map<number, Batch>();
  for (let start = 0; start < due.length; start += ITEMS_PER_TRANSACTION) {
    const items = due.slice(start, start + ITEMS_PER_TRANSACTION);
    const missing = [...new Set(items.map((item) => item.batch_id))].filter((id) => !batches.has(id));
    if (missing.length) for (const batch of await db.selectFrom('batches').selectAll().where('id', 'in', missing).execute()) batches.set(batch.id, batch);
    // A row that cannot be planned (e.g. an impossible date written straight to the database) is set aside:
    // it must not stop the pass for every other merchant.
    const bad: { item: StepItem; error: unknown }[] = [];
    const work = items.flatMap((item): ItemStep[] => {
      const batch = batches.get(item.batch_id);
      if (!batch) return [];
      try {
        return [{ item, batch, step: dueStep(item, batch, now) }];
      } catch (error) {
        bad.push({ item, error });
        return [];
      }
    });
    const written = await writeSteps(deps, work, now, bad);
    // Not due after all (a plan written before a settings change): the plan was still rewritten.
    result.stepped += work.filter((w) => w.step.kind !== null && written.has(w.item.id)).length;
    const badIds = new Set(bad.map((b) => b.item.id));
    result.skipped += work.filter((w) => !written.has(w.item.id) && !badIds.has(w.item.id)).length;
    for (const { item, error } of bad) await failBadItem(deps, item, error, now);
    result.bad += bad.length;
  }

  result.completed = await completeFinishedBatches(db, stamp);
  result.locationRequests = await sendLocationRequests({ db, now, secret: deps.secret });
  result.webhooks = await runWebhookEventPass({ db, dialect: deps.dialect, now });
  return result;
}

/**
 * Writes the chunk in one transaction; when that fails, item by item, so the items that fail alone are
 * added to `bad` and the others are still written.
 */
async function writeSteps(deps: CampaignDeps, work: ItemStep[], now: Date, bad: { item: StepItem; error: unknown }[]): Promise<Map<number, number>> {
  const write = (steps: ItemStep[]) => deps.db.transaction().execute((trx) => carryOutSteps(trx, steps, now, { secret: deps.secret }));
  try {
    return await write(work);
  } catch {
    const written = new Map<number, number>();
    for (const step of work) {
      try {
        for (const [id, status] of await write([step])) written.set(id, status);
      } catch (error) {
        bad.push({ item: step.item, error });
      }
    }
    return written;
  }
}

/**
 * A bad item leaves the schedule: Failed (compare-and-set on what was read), with the reason recorded once
 * as a `skipped` event (api/jobs/skipped-rows) and logged.
 */
async function failBadItem(deps: CampaignDeps, item: StepItem, error: unknown, now: Date): Promise<void> {
  const stamp = now.toISOString();
  try {
    await deps.db
      .updateTable('batch_items')
      .set({ status: ITEM.failed, next_notification_at: null, updated_at: stamp })
      .where('id', '=', item.id)
      .where('status', '=', item.status)
      .execute();
  } catch {
    /* the skip below is still recorded */
  }
  await recordSkippedRow(deps.db, { subject_type: 'batch_item', subject_id: item.id, pass: 'campaigns', error }, now, deps.log);
}

/** Items written per transaction (one set-based write; see api/campaigns/steps). */
const ITEMS_PER_TRANSACTION = 1000;

/**
 * Due items of running batches (their step columns), never planned (null) first, by id, then the longest
 * due. Each of the two is one `union all` of an index range on (status, next_notification_at) per status,
 * ordered like the index: SQLite merges the ranges and stops at the number still wanted (a single
 * `status in (...) and (at <= now or at is null) order by at` query walked and sorted every active item on
 * every pass).
 */
async function dueItems(db: Kysely<Database>, stamp: string, limit: number): Promise<StepItem[]> {
  const found: StepItem[] = [];
  for (const unplanned of [true, false]) {
    const wanted = limit - found.length;
    if (wanted <= 0) break;
    const range = (status: number) =>
      db
        .selectFrom('batch_items')
        .innerJoin('batches', 'batches.id', 'batch_items.batch_id')
        .select(ITEM_COLUMNS)
        .where('batch_items.status', '=', status)
        .where('batch_items.next_notification_at', unplanned ? 'is' : '<=', unplanned ? null : stamp)
        .where('batches.status', 'in', SENDING_BATCH_STATUSES);
    const [first, ...others] = SCHEDULED_ITEM_STATUSES.map(range);
    const rows = await others
      .reduce((query, next) => query.unionAll(next), first!)
      .orderBy('next_notification_at')
      .orderBy('id')
      .limit(wanted)
      .execute();
    found.push(...rows);
  }
  return found;
}

/** The step columns, named as such (a compound query orders by result column names). */
type StepColumn = (typeof STEP_ITEM_COLUMNS)[number];
const ITEM_COLUMNS = STEP_ITEM_COLUMNS.map((column) => `batch_items.${column} as ${column}`) as { [C in StepColumn]: `batch_items.${C} as ${C}` }[StepColumn][];

/** Running batches whose items are all converted, idle or failed become Completed (100). */
async function completeFinishedBatches(db: Kysely<Database>, stamp: string): Promise<number> {
  const finished = await db
    .selectFrom('batches')
    .select(['id', 'status'])
    .where('status', 'in', BATCH_COMPLETION.from)
    .where('item_count', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('batch_items').select('batch_items.id').whereRef('batch_items.batch_id', '=', 'batches.id').where('batch_items.status', 'in', OPEN_ITEM_STATUSES))),
    )
    .execute();
  let n = 0;
  for (const b of finished) {
    const res = await db.updateTable('batches').set({ status: BATCH_COMPLETION.to, updated_at: stamp }).where('id', '=', b.id).where('status', '=', b.status).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 1) {
      await recordEvent(db, { subject_type: 'batch', subject_id: b.id, kind: 'status', from_status: b.status, to_status: BATCH_COMPLETION.to, actor_id: null, created_at: stamp });
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
    isFull: (result) => result.due >= (deps.limit ?? 2000),
    onError: (error) => deps.log?.(`[campaigns] pass failed: ${error.message}`),
  });
}
