/**
 * GET /api/batches/:id/audience?verb=start|notify[&ids[0]=…]: how many customers of the batch the verb would
 * message (core/campaigns/audience.ts), for the confirmation the screens show before starting a campaign or
 * notifying. The batch is loaded within the actor's tenant (404 otherwise); `ids` narrow to those items of
 * this batch (others are ignored). `sms` is the size of the largest SMS it would send next (api/campaigns/sms-preview.ts).
 */
import { AUDIENCE_VERBS, audienceCount, type AudienceVerb } from '../../core/campaigns/index.js';
import { DomainError } from '../../core/errors.js';
import type { Batch } from '../db/tables.js';
import type { SmsSize } from '../../core/sms.js';
import type { ServiceContext } from '../resources/access.js';
import { largestSms, type SmsPreviewDeps } from './sms-preview.js';

const MAX_IDS = 5000;

/** The `verb` and `ids` query values, checked (400 otherwise). */
export function audienceQuery(query: Record<string, unknown>): { verb: AudienceVerb; ids?: number[] } {
  const verb = query.verb ?? 'start';
  if (typeof verb !== 'string' || !(AUDIENCE_VERBS as readonly string[]).includes(verb)) throw new DomainError('bad_request');
  if (query.ids === undefined) return { verb: verb as AudienceVerb };
  const raw = Array.isArray(query.ids) ? query.ids : query.ids && typeof query.ids === 'object' ? Object.values(query.ids) : [query.ids];
  const ids = [...new Set(raw.map(Number))];
  if (ids.length > MAX_IDS || ids.some((id) => !Number.isInteger(id) || id < 1)) throw new DomainError('bad_request');
  return { verb: verb as AudienceVerb, ids };
}

export interface Audience {
  verb: AudienceVerb;
  customers: number;
  /** The largest SMS the verb would send next (null: none by SMS). */
  sms: SmsSize | null;
}

export async function batchAudience(ctx: ServiceContext, deps: Pick<SmsPreviewDeps, 'publicUrl' | 'secret'>, batch: Batch, verb: AudienceVerb, ids?: number[]): Promise<Audience> {
  if (ids && !ids.length) return { verb, customers: 0, sms: null };
  let query = ctx.db
    .selectFrom('batch_items')
    .select(['status', 'offset_date', 'reminders_sent', 'last_notified_at', 'email', 'phone', 'full_phone_number', 'shipment_id', 'locale'])
    .where('batch_id', '=', batch.id);
  if (ids) query = query.where('id', 'in', ids);
  const items = await query.execute();
  const now = new Date(ctx.now);
  return { verb, customers: audienceCount(verb, items, batch, now), sms: await largestSms({ ...deps, db: ctx.db, now }, batch, verb, items) };
}
