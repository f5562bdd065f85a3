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
import { BATCH_ITEM_STATUS as ITEM } from '../../core/statuses.js';
import { insertRows, updateRows, type RowsUpdate } from '../db/bulk-insert.js';
import type { Batch, BatchItem, Database } from '../db/tables.js';
import type { NewEvent } from '../events/events.repository.js';
import { batchStepRequests } from '../notifications/batch-steps.js';
import { enqueueMany, type NotificationRequest } from '../notifications/outbox.js';
import { nextStamp } from '../operations/context.js';
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

const EVENT_COLUMNS = ['subject_type', 'subject_id', 'kind', 'from_status', 'to_status', 'actor_id', 'location_id', 'reason', 'data', 'created_at'];

interface Planned extends ItemStep {
  status: number;
  token: NewToken | null;
  requests: NotificationRequest[];
  events: NewEvent[];
}

/**
 * Writes the steps (items in id order, so concurrent writers lock rows in the same order); returns the
 * new status of each item written. Items that moved meanwhile are left out, with nothing written for them.
 */
export async function carryOutSteps(trx: Executor, steps: readonly ItemStep[], now: Date, deps: StepDeps): Promise<Map<number, number>> {
  const at = now.toISOString();
  const sorted = [...steps].sort((a, b) => a.item.id - b.item.id);
  const sends = sorted.filter(({ step }) => isSending(step));
  const tokens = new Map(newTokens(deps.secret, sends.map(({ item, batch }) => linkExpiry(batch, item, now))).map((token, i) => [sends[i]!.item.id, token]));

  const planned: Planned[] = [];
  const rows: unknown[][] = [];
  for (const work of sorted) {
    const { item, batch, step } = work;
    const patch = applyStep(item, batch, step, now);
    const token = tokens.get(item.id) ?? null;
    const requests = token ? batchStepRequests(item, batch, step, { respondToken: token.token, round: item.campaign_round }) : [];
    const event = (kind: string, extra: Partial<NewEvent> = {}): NewEvent => ({ subject_type: 'batch_item', subject_id: item.id, kind, actor_id: deps.actorId ?? null, created_at: at, ...extra });
    const events: NewEvent[] = [];
    if (token && step.kind !== 'notify') events.push(event('reminded', { data: { reminder: step.planned?.reminder ?? 0, final: step.kind === 'final_reminder', channels: requests.map((r) => r.kind) } }));
    if (patch.status !== item.status) {
      const failed = patch.status === ITEM.failed;
      events.push(event('status', { from_status: item.status, to_status: patch.status, reason: failed ? 'batch_item.not_notifiable' : null }));
      if (failed) events.push(event('failed', { reason: 'batch_item.not_notifiable' }));
    }
    planned.push({ ...work, status: patch.status, token, requests, events });
    const hash = token?.hash ?? item.response_token_hash;
    rows.push([item.id, patch.status, patch.reminders_sent, patch.last_notified_at, patch.next_notification_at, hash, nextStamp(now, item.updated_at), item.status, item.updated_at]);
  }

  const written = new Set((await updateRows<{ id: number }>(trx, 'batch_items', ITEM_WRITE, rows)).map((row) => Number(row.id)));
  const done = planned.filter((p) => written.has(p.item.id));
  await storeTokens(
    trx,
    'batch_items',
    done.flatMap((p) => (p.token ? [{ ...p.token, subjectId: p.item.id }] : [])),
    now,
  );
  await enqueueMany(
    trx,
    done.flatMap((p) => p.requests),
    now,
  );
  await insertRows(
    trx,
    'events',
    EVENT_COLUMNS,
    done.flatMap((p) => p.events.map((e) => [e.subject_type, e.subject_id, e.kind, e.from_status ?? null, e.to_status ?? null, e.actor_id, e.location_id ?? null, e.reason ?? null, e.data ? JSON.stringify(e.data) : null, e.created_at])),
  );
  return new Map(done.map((p) => [p.item.id, p.status]));
}

/** Steps that send (and so mint a link): notify / remind / final_reminder on at least one channel. */
const isSending = (step: DueStep) => (step.kind === 'notify' || step.kind === 'remind' || step.kind === 'final_reminder') && step.channelBits !== 0;

/** One item's step (manual notify); returns the new status. Throws ItemRace when the item moved meanwhile. */
export async function carryOutStep(trx: Executor, item: StepItem, batch: Batch, step: DueStep, now: Date, deps: StepDeps): Promise<number> {
  const status = (await carryOutSteps(trx, [{ item, batch, step }], now, deps)).get(item.id);
  if (status === undefined) throw new ItemRace();
  return status;
}
