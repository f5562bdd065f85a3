/**
 * Batch and batch item verbs (SPEC sections 4, 7, 8): batch start / pause, item notify / restart /
 * convert, and bulk convert of the responded items. Each refusal is a SPEC section 8 code; writes are
 * compare-and-set inside one transaction. The verdict functions feed meta.actions and user/can.
 */
import type { ConvertResult } from '../../core/contract/index.js';
import { batchStatusRefusal, planNextNotification, reachableChannels, type DueStep } from '../../core/campaigns/index.js';
import { DomainError, type ErrorCode } from '../../core/errors.js';
import { batchItemRefusal, CONVERTIBLE_ITEM_STATUSES, ITEMS_ON_BATCH_START } from '../../core/policies/batch_items.policy.js';
import { batchRefusal } from '../../core/policies/batches.policy.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS as B } from '../../core/statuses.js';
import type { Transaction } from 'kysely';
import type { Batch, BatchItem, Database } from '../db/tables.js';
import { recordEvent, recordEvents, type NewEvent } from '../events/events.repository.js';
import type { ServiceContext } from '../resources/access.js';
import { nextStamp } from '../resources/shared/op-context.js';
import { convertItem, conversionRefusal } from './conversion.js';
import { carryOutStep, ItemRace } from './steps.js';
import './tables.js';

const CHUNK = 500;

export const startRefusal = (batch: Pick<Batch, 'status'>): ErrorCode | null => batchRefusal('start', batch);
export const pauseRefusal = (batch: Pick<Batch, 'status'>): ErrorCode | null => batchRefusal('pause', batch);

/** Item-level refusals (core/policies/batch_items); the batch's own status is core/campaigns batchStatusRefusal. */
export const notifyRefusal = (item: Pick<BatchItem, 'status' | 'shipment_id'>): ErrorCode | null => batchItemRefusal('notify', item);
export const restartRefusal = (item: Pick<BatchItem, 'status' | 'shipment_id'>): ErrorCode | null => batchItemRefusal('restart', item);
export { conversionRefusal };

async function setBatchStatus(ctx: ServiceContext, batch: Batch, to: number, work?: (trx: Transaction<Database>) => Promise<void>) {
  await ctx.db.transaction().execute(async (trx) => {
    const res = await trx.updateTable('batches').set({ status: to, updated_at: nextStamp(new Date(ctx.now), batch.updated_at) }).where('id', '=', batch.id).where('status', '=', batch.status).where('updated_at', '=', batch.updated_at).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await recordEvent(trx, { subject_type: 'batch', subject_id: batch.id, kind: 'status', from_status: batch.status, to_status: to, actor_id: ctx.actor.id, created_at: ctx.now });
    await work?.(trx);
  });
}

/** Start (0/25 -> 50): draft items become Pending; the scheduler plans and sends their steps. */
export async function startBatch(ctx: ServiceContext, batch: Batch): Promise<void> {
  const refusal = startRefusal(batch);
  if (refusal) throw new DomainError(refusal);
  await setBatchStatus(ctx, batch, B.running, async (trx) => {
    const drafts = await trx.selectFrom('batch_items').select('id').where('batch_id', '=', batch.id).where('status', 'in', ITEMS_ON_BATCH_START.from).execute();
    for (let at = 0; at < drafts.length; at += CHUNK) {
      const ids = drafts.slice(at, at + CHUNK).map((d) => d.id);
      await trx.updateTable('batch_items').set({ status: ITEMS_ON_BATCH_START.to, next_notification_at: null, updated_at: ctx.now }).where('id', 'in', ids).where('status', 'in', ITEMS_ON_BATCH_START.from).execute();
      await recordEvents(trx, ids.map((id): NewEvent => ({ subject_type: 'batch_item', subject_id: id, kind: 'status', from_status: ITEMS_ON_BATCH_START.from[0]!, to_status: ITEMS_ON_BATCH_START.to, actor_id: ctx.actor.id, created_at: ctx.now })));
    }
  });
}

/** Pause (50 -> 25): nothing is due while paused; resuming sends at most the one overdue step. */
export async function pauseBatch(ctx: ServiceContext, batch: Batch): Promise<void> {
  const refusal = pauseRefusal(batch);
  if (refusal) throw new DomainError(refusal);
  await setBatchStatus(ctx, batch, B.paused);
}

/** Notify now: carries out the item's next planned step at once (the same step the scheduler would send). */
export async function notifyItem(ctx: ServiceContext, item: BatchItem, batch: Batch, secret: string): Promise<void> {
  const refusal = notifyRefusal(item);
  if (refusal) throw new DomainError(refusal);
  const batchRefusal = batchStatusRefusal('notify', batch.status);
  if (batchRefusal) throw new DomainError(batchRefusal);
  const now = new Date(ctx.now);
  const planned = planNextNotification(item, batch, now);
  if (!planned || planned.kind === 'idle') throw new DomainError('batch_item.not_notifiable');
  const step: DueStep = { kind: planned.kind, channelBits: reachableChannels(item, batch), planned };
  if (step.channelBits === 0) throw new DomainError('batch_item.not_notifiable');
  try {
    await ctx.db.transaction().execute((trx) => carryOutStep(trx, item, batch, step, now, { secret, actorId: ctx.actor.id }));
  } catch (error) {
    if (error instanceof ItemRace) throw new DomainError('conflict.stale');
    throw error;
  }
}

/** Restart: a new round from the initial notification (reminders counted again, new links). */
export async function restartItem(ctx: ServiceContext, item: BatchItem, batch: Batch): Promise<void> {
  const refusal = restartRefusal(item);
  if (refusal) throw new DomainError(refusal);
  const batchRefusal = batchStatusRefusal('restart', batch.status);
  if (batchRefusal) throw new DomainError(batchRefusal);
  await ctx.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('batch_items')
      .set({ status: ITEM.pending, reminders_sent: 0, last_notified_at: null, next_notification_at: null, response_token_hash: null, campaign_round: item.campaign_round + 1, updated_at: nextStamp(new Date(ctx.now), item.updated_at) })
      .where('id', '=', item.id)
      .where('status', '=', item.status)
      .where('updated_at', '=', item.updated_at)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await recordEvent(trx, { subject_type: 'batch_item', subject_id: item.id, kind: 'status', from_status: item.status, to_status: ITEM.pending, actor_id: ctx.actor.id, created_at: ctx.now, data: { action: 'restart', round: item.campaign_round + 1 } });
  });
}

export { convertItem };

/** Converted items and, per item refused, the reason code (partial eligibility): core/contract ConvertResult. */
export type BulkConvertResult = ConvertResult;

/** Converts the given items of the batch (default: every responded one, refused when there is none), one transaction per item. */
export async function convertResponded(ctx: ServiceContext, batch: Batch, ids?: number[]): Promise<BulkConvertResult> {
  let q = ctx.db.selectFrom('batch_items').selectAll().where('batch_id', '=', batch.id);
  q = ids ? q.where('id', 'in', ids.length ? ids : [0]) : q.where('status', 'in', CONVERTIBLE_ITEM_STATUSES);
  const items = await q.orderBy('id').limit(5000).execute();
  // Nobody answered yet: refused like meta.actions / user/can (api/resources/batches batchVerdicts).
  if (!ids && !items.length) throw new DomainError('batch_item.not_responded');
  const result: BulkConvertResult = { converted: [], cannot: [], reasons: {}, allOk: true };
  const found = new Set(items.map((i) => i.id));
  for (const id of ids ?? []) {
    if (found.has(id)) continue;
    result.cannot.push(id);
    result.reasons[String(id)] = 'not_found';
  }
  for (const item of items) {
    try {
      result.converted.push({ id: item.id, shipment_id: await convertItem(ctx, item, batch) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      result.cannot.push(item.id);
      result.reasons[String(item.id)] = error.code;
    }
  }
  result.allOk = result.cannot.length === 0;
  return result;
}
