/**
 * The size of the SMS a campaign verb would send (the confirmation before starting a batch or notifying says how
 * many parts each SMS takes: networks bill per part). Each distinct next send (core smsSends: step and language)
 * is built and rendered as the scheduler and the delivery worker would (batchStepRequests, renderMessage) with a
 * link of the real length, and measured with core smsSize; the largest is reported.
 */
import type { Kysely } from 'kysely';
import { linkExpiry } from './steps.js';
import { newTokens } from './tokens.js';
import { smsSends, type AudienceVerb, type SmsSend } from '../../core/campaigns/index.js';
import { CHANNELS } from '../../core/features.js';
import { smsSize, type SmsSize } from '../../core/sms.js';
import type { Batch, BatchItem, Database } from '../db/tables.js';
import { batchStepRequests } from '../notifications/batch-steps.js';
import { loadMerchantsForMessages } from '../notifications/merchants-for-messages.js';
import { renderMessage, suppressionReason, type MerchantForMessages } from '../notifications/render.js';

export interface SmsPreviewDeps {
  db: Kysely<Database>;
  now: Date;
  publicUrl: string;
  secret: string | undefined;
}

type PreviewItem = Pick<BatchItem, 'status' | 'offset_date' | 'reminders_sent' | 'last_notified_at' | 'email' | 'phone' | 'full_phone_number' | 'locale'> & { shipment_id?: number | null };

/** The largest next SMS among `items` (null: the verb sends none by SMS). */
export async function largestSms(deps: SmsPreviewDeps, batch: Batch, verb: AudienceVerb, items: readonly PreviewItem[]): Promise<SmsSize | null> {
  const sends = smsSends(verb, items, batch, deps.now);
  if (!sends.length) return null;
  const merchant = (await loadMerchantsForMessages(deps.db, [batch.merchant_id])).get(batch.merchant_id) ?? null;
  const [sample] = newTokens(deps.secret ?? 'preview', [linkExpiry(batch, { reminders_sent: 0 }, deps.now)]);
  let largest: SmsSize | null = null;
  for (const send of sends) {
    const text = renderSend(send, batch, merchant, sample!, deps.publicUrl);
    if (text === null) continue;
    const size = smsSize(text);
    if (!largest || size.segments > largest.segments || (size.segments === largest.segments && size.units > largest.units)) largest = size;
  }
  return largest;
}

function renderSend(send: SmsSend, batch: Batch, merchant: MerchantForMessages | null, sample: { token: string; expiresAt: Date }, publicUrl: string): string | null {
  const item = { id: 0, merchant_id: batch.merchant_id, first_name: '', email: null, phone: '+0', full_phone_number: null, locale: send.locale };
  const step = { kind: send.kind, channelBits: CHANNELS.sms, planned: { kind: send.kind, at: '', reminder: send.reminder } };
  const [request] = batchStepRequests(item, batch, step, { respondToken: sample.token, respondExpiresAt: sample.expiresAt });
  // The worker would not send it (the merchant's channels or events): no SMS to size.
  if (!request || suppressionReason(merchant, request.event, 'sms')) return null;
  return renderMessage({ kind: 'sms', event: request.event, locale: send.locale, payload: request.payload as Record<string, unknown> }, merchant, { publicUrl }).text;
}
