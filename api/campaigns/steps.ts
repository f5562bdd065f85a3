/**
 * Carries out one campaign step of one batch item, in one transaction: mint a link, enqueue the
 * messages (api/notifications/batch-steps), write core/campaigns applyStep() to the item by
 * compare-and-set on (status, updated_at), and record the history events. Whoever loses the
 * compare-and-set (another scheduler process, a concurrent manual notify) writes nothing: the
 * transaction rolls back, so an item never gets the same step twice.
 */
import type { Kysely, Transaction } from 'kysely';
import { applyStep, DAY_MS, type DueStep } from '../../core/campaigns/index.js';
import { BATCH_ITEM_STATUS as ITEM } from '../../core/statuses.js';
import type { Batch, BatchItem, Database } from '../db/tables.js';
import { recordEvents, type NewEvent } from '../events/events.repository.js';
import { enqueueBatchStep } from '../notifications/batch-steps.js';
import { nextStamp } from '../operations/context.js';
import { mintToken } from './tokens.js';
import './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Thrown inside the transaction when another writer changed the item first. */
export class ItemRace extends Error {}

export interface StepDeps {
  /** APP_SECRET: signs customer links. */
  secret: string;
  actorId?: number | null;
}

/** How long a link stays valid: through the whole remaining plan, plus a grace week (at least 14 days). */
export function linkExpiry(batch: Pick<Batch, 'reminder_count' | 'reminder_interval'>, item: Pick<BatchItem, 'reminders_sent'>, now: Date): Date {
  const remaining = Math.max(0, batch.reminder_count - item.reminders_sent) + 1;
  const days = Math.max(14, remaining * Math.max(1, batch.reminder_interval) + 7);
  return new Date(now.getTime() + days * DAY_MS);
}

/** Writes the step; returns the new status. Throws ItemRace when the item moved meanwhile. */
export async function carryOutStep(trx: Executor, item: BatchItem, batch: Batch, step: DueStep, now: Date, deps: StepDeps): Promise<number> {
  const patch = applyStep(item, batch, step, now);
  const stamp = nextStamp(now, item.updated_at);
  const set: Record<string, unknown> = { ...patch, updated_at: stamp };
  const at = now.toISOString();
  const events: NewEvent[] = [];
  const event = (kind: string, extra: Partial<NewEvent> = {}): NewEvent => ({ subject_type: 'batch_item', subject_id: item.id, kind, actor_id: deps.actorId ?? null, created_at: at, ...extra });

  const sending = step.kind === 'notify' || step.kind === 'remind' || step.kind === 'final_reminder';
  if (sending && step.channelBits !== 0) {
    const { token, hash } = await mintToken(trx, deps.secret, 'batch_items', item.id, linkExpiry(batch, item, now), now);
    set.response_token_hash = hash;
    const kinds = await enqueueBatchStep(trx, item, batch, step, now, { respondToken: token, round: item.campaign_round });
    if (step.kind !== 'notify') events.push(event('reminded', { data: { reminder: step.planned?.reminder ?? 0, final: step.kind === 'final_reminder', channels: kinds } }));
  }
  const res = await trx.updateTable('batch_items').set(set).where('id', '=', item.id).where('status', '=', item.status).where('updated_at', '=', item.updated_at).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new ItemRace();
  if (patch.status !== item.status) {
    const failed = patch.status === ITEM.failed;
    events.push(event('status', { from_status: item.status, to_status: patch.status, reason: failed ? 'batch_item.not_notifiable' : null }));
    if (failed) events.push(event('failed', { reason: 'batch_item.not_notifiable' }));
  }
  await recordEvents(trx, events);
  return patch.status;
}
