/**
 * Carries out due campaign steps of batch items in the caller's transaction: mint links, enqueue the
 * messages (api/notifications/batch-steps), write core/campaigns applyStep() to the items by
 * compare-and-set on (status, updated_at), and record the history events. Set-based, so a scheduler pass
 * costs a few statements per chunk of items rather than several per item: one UPDATE for all the items
 * (the compare-and-set; it returns the ids it wrote), then one multi-row insert each for the links, the
 * outbox rows and the events of the items written. An item whose compare-and-set fails (another scheduler
 * process, a concurrent manual notify changed it) gets nothing written, so it never gets the same step twice.
 */
import type { Kysely, Transaction } from 'kysely';
import { applyStep, DAY_MS, type DueStep } from '../../core/campaigns/index.js';
import { isFailedItemStatus } from '../../core/policies/batch_items.policy.js';
import { insertRows, updateRows, type RowsUpdate } from '../db/bulk-insert.js';
import type { Batch, BatchItem, Database } from '../db/tables.js';
import { batchStepRequests } from '../notifications/batch-steps.js';
import { enqueueMany, type NotificationRequest } from '../notifications/outbox.js';
import { nextStamp } from '../resources/shared/op-context.js';
import { newTokens, storeTokens, type NewToken } from './tokens.js';
import './tables.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Thrown inside the transaction when another writer changed the item first. */
export class ItemRace extends Error {}

export interface StepDeps {
  /** APP_SECRET: signs customer links. */
  secret: string;
  actorId?: number | null;
}

/** The item columns a step reads (the scheduler selects only these). */
export const STEP_ITEM_COLUMNS = [
  'id',
  'batch_id',
  'merchant_id',
  'first_name',
  'email',
  'phone',
  'full_phone_number',
  'locale',
  'status',
  'offset_date',
  'reminders_sent',
  'last_notified_at',
  'next_notification_at',
  'response_token_hash',
  'campaign_round',
  'updated_at',
] as const satisfies readonly (keyof BatchItem)[];
export type StepItem = Pick<BatchItem, (typeof STEP_ITEM_COLUMNS)[number]>;

/** One item's step: core/campaigns dueStep() of the item as read (a null step still rewrites the plan). */
export interface ItemStep {
  item: StepItem;
  batch: Batch;
  step: DueStep;
}

/** How long a link stays valid: through the whole remaining plan, plus a grace week (at least 14 days). */
export function linkExpiry(batch: Pick<Batch, 'reminder_count' | 'reminder_interval'>, item: Pick<BatchItem, 'reminders_sent'>, now: Date): Date {
  const remaining = Math.max(0, batch.reminder_count - item.reminders_sent) + 1;
  const days = Math.max(14, remaining * Math.max(1, batch.reminder_interval) + 7);
  return new Date(now.getTime() + days * DAY_MS);
}

/** The compare-and-set write of applyStep(): rows are [id, ...set values, status, updated_at as read]. */
const ITEM_WRITE: RowsUpdate = {
  key: ['id', 'integer'],
  set: [
    ['status', 'integer'],
    ['reminders_sent', 'integer'],
    ['last_notified_at', 'text'],
    ['next_notification_at', 'text'],
    ['response_token_hash', 'text'],
    ['updated_at', 'text'],
  ],
  match: [
    ['status', 'integer'],
    ['updated_at', 'text'],
  ],
  returning: ['id'],
};

/** The events columns a step writes (Planned.events rows). */
const EVENT_COLUMNS = ['subject_type', 'subject_id', 'kind', 'from_status', 'to_status', 'actor_id', 'reason', 'data', 'created_at'];

/** One item's planned write, and what goes with it once the compare-and-set succeeds. */
interface Planned {
  id: number;
  status: number;
  token: NewToken | undefined;
  requests: NotificationRequest[];
  /** Rows of EVENT_COLUMNS. */
  events: unknown[][];
}

/**
 * Writes the steps (items in id order, so concurrent writers lock rows in the same order); returns the
 * new status of each item written. Items that moved meanwhile are left out, with nothing written for them.
 */
export async function carryOutSteps(trx: Executor, steps: readonly ItemStep[], now: Date, deps: StepDeps): Promise<Map<number, number>> {
  const at = now.toISOString();
  const actor = deps.actorId ?? null;
  const sorted = [...steps].sort((a, b) => a.item.id - b.item.id);
  const sends = sorted.filter(({ step }) => isSending(step));
  const minted = newTokens(deps.secret, sends.map(({ item, batch }) => linkExpiry(batch, item, now)));
  const tokens = new Map(sends.map(({ item }, i) => [item.id, minted[i]!]));

  const planned: Planned[] = [];
  const writes: unknown[][] = [];
  for (const { item, batch, step } of sorted) {
    const patch = applyStep(item, batch, step, now);
    const token = tokens.get(item.id);
    const requests = token ? batchStepRequests(item, batch, step, { respondToken: token.token, respondExpiresAt: token.expiresAt, round: item.campaign_round }) : [];
    const events: unknown[][] = [];
    const event = (kind: string, from: number | null, to: number | null, reason: string | null, data: unknown) =>
      events.push(['batch_item', item.id, kind, from, to, actor, reason, data === null ? null : JSON.stringify(data), at]);
    if (token && step.kind !== 'notify') event('reminded', null, null, null, { reminder: step.planned?.reminder ?? 0, final: step.kind === 'final_reminder', channels: requests.map((r) => r.kind) });
    if (patch.status !== item.status) {
      const failed = isFailedItemStatus(patch.status);
      event('status', item.status, patch.status, failed ? 'batch_item.not_notifiable' : null, null);
      if (failed) event('failed', null, null, 'batch_item.not_notifiable', null);
    }
    planned.push({ id: item.id, status: patch.status, token, requests, events });
    const hash = token ? token.hash : item.response_token_hash;
    writes.push([item.id, patch.status, patch.reminders_sent, patch.last_notified_at, patch.next_notification_at, hash, nextStamp(now, item.updated_at), item.status, item.updated_at]);
  }

  const written = new Set((await updateRows<{ id: number }>(trx, 'batch_items', ITEM_WRITE, writes)).map((row) => Number(row.id)));
  const done = planned.filter((p) => written.has(p.id));
  // Only the items written get their link, messages and history.
  await storeTokens(trx, 'batch_items', done.flatMap((p) => (p.token ? [{ ...p.token, subjectId: p.id }] : [])), now);
  await enqueueMany(trx, done.flatMap((p) => p.requests), now);
  await insertRows(trx, 'events', EVENT_COLUMNS, done.flatMap((p) => p.events));
  return new Map(done.map((p) => [p.id, p.status]));
}

/** Steps that send (and so mint a link): notify / remind / final_reminder on at least one channel. */
const isSending = (step: DueStep) => (step.kind === 'notify' || step.kind === 'remind' || step.kind === 'final_reminder') && step.channelBits !== 0;

/** One item's step (manual notify); returns the new status. Throws ItemRace when the item moved meanwhile. */
export async function carryOutStep(trx: Executor, item: StepItem, batch: Batch, step: DueStep, now: Date, deps: StepDeps): Promise<number> {
  const status = (await carryOutSteps(trx, [{ item, batch, step }], now, deps)).get(item.id);
  if (status === undefined) throw new ItemRace();
  return status;
}
