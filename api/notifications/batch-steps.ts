/**
 * Turns a due campaign step (core/campaigns dueStep) into outbox rows: one per channel the step
 * goes out on, in the item's language, keyed by item + step so a repeated scheduler pass never enqueues
 * the same step twice. The caller then writes core/campaigns applyStep() to the item; the scheduler
 * collects batchStepRequests() of many items and enqueues them together (enqueueMany).
 */
import type { Kysely, Transaction } from 'kysely';
import { BATCH_STEP_EVENTS, batchTextFor, stepName, type DueStep } from '../../core/campaigns/index.js';
import { localeOr } from '../../core/i18n/index.js';
import { CHANNELS, hasBit } from '../../core/features.js';
import type { Database } from '../db/tables.js';
import { enqueueMany, type NotificationRequest, type OutboxKind } from './outbox.js';

export interface BatchStepItem {
  id: number;
  merchant_id: number;
  first_name: string;
  email: string | null;
  phone: string | null;
  full_phone_number: string | null;
  /** The customer's language: every message of the item is rendered in it. */
  locale: string;
}

export interface BatchStepBatch {
  notification_message: string | null;
  reminder_message: string | null;
  final_reminder_message: string | null;
  /** The texts in the other languages (core/campaigns/batch-texts.ts); absent: English only. */
  message_translations?: string | null;
}

export interface BatchStepOptions {
  /** The item's raw response token (its hash is stored on the item); the link is built at render time. */
  respondToken: string;
  /** When that link expires: the messages say until when the customer can choose (absent: they do not). */
  respondExpiresAt?: Date;
  /** Distinguishes the steps of a restarted item from its first round (see stepName). */
  round?: number;
}

/**
 * The outbox requests of a due notify / remind / final_reminder step, one per channel it goes out on
 * (none for idle or not-due steps).
 */
export function batchStepRequests(item: BatchStepItem, batch: BatchStepBatch, step: DueStep, options: BatchStepOptions): NotificationRequest[] {
  if (step.kind === null || step.kind === 'idle' || !step.planned) return [];
  const event = BATCH_STEP_EVENTS[step.kind];
  // The batch's text in the customer's language when written, else its English one (the renderer labels it).
  const message = batchTextFor(batch, step.kind, localeOr(item.locale));
  const name = stepName(step.kind, step.planned.reminder, options.round);
  const targets: [OutboxKind, string | null][] = [
    ['email', hasBit(step.channelBits, CHANNELS.email) ? item.email : null],
    ['sms', hasBit(step.channelBits, CHANNELS.sms) ? (item.full_phone_number ?? item.phone) : null],
  ];
  // One payload object for every channel of the step (enqueueMany serialises it once).
  const payload = {
    first_name: item.first_name,
    respond_token: options.respondToken,
    ...(options.respondExpiresAt ? { respond_expires_at: options.respondExpiresAt.toISOString() } : {}),
    ...(message ? { message: message.text, message_locale: message.locale } : {}) };
  const requests: NotificationRequest[] = [];
  for (const [kind, recipient] of targets) {
    if (!recipient) continue;
    requests.push({
      kind,
      event,
      merchant_id: item.merchant_id,
      subject_type: 'batch_items',
      subject_id: item.id,
      step: name,
      recipient,
      locale: item.locale,
      payload,
    });
  }
  return requests;
}

/** Enqueues the messages of a due notify / remind / final_reminder step; returns the channels enqueued. */
export async function enqueueBatchStep(
  trx: Kysely<Database> | Transaction<Database>,
  item: BatchStepItem,
  batch: BatchStepBatch,
  step: DueStep,
  now: Date,
  options: BatchStepOptions,
): Promise<OutboxKind[]> {
  const requests = batchStepRequests(item, batch, step, options);
  await enqueueMany(trx, requests, now);
  return requests.map((r) => r.kind);
}
