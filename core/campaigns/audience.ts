/**
 * Who a campaign verb would message (issue 10: "This will message N customers" before starting a campaign
 * or notifying). A customer counts when a next message is planned for them (not idle, not finished) and at
 * least one of the batch's channels reaches them (an e-mail address, a phone); notifying also needs the
 * item's own notify rule (core/policies/batch_items). The API counts with these rules
 * (GET /api/batches/:id/audience) and the screens name the count before the verb runs.
 */
import { batchItemRefusal } from '../policies/batch_items.policy.js';
import { localeOr, type Locale } from '../constants.js';
import { CHANNELS, hasBit } from '../features.js';
import { planNextNotification, reachableChannels, type PlannedStep, type ScheduleBatch, type ScheduleItem, type StepKind } from './schedule.js';

export const AUDIENCE_VERBS = ['start', 'notify'] as const;
export type AudienceVerb = (typeof AUDIENCE_VERBS)[number];

export type AudienceItem = ScheduleItem & { shipment_id?: number | null };

/** The next message `verb` (start the batch: over the campaign; notify: now) would send this customer, or null. */
function nextMessage(verb: AudienceVerb, item: AudienceItem, batch: ScheduleBatch, now: Date): (PlannedStep & { kind: Exclude<StepKind, 'idle'> }) | null {
  if (verb === 'notify' && batchItemRefusal('notify', { status: item.status, shipment_id: item.shipment_id ?? null })) return null;
  const planned = planNextNotification(item, batch, now);
  if (planned === null || planned.kind === 'idle' || reachableChannels(item, batch) === 0) return null;
  return planned as PlannedStep & { kind: Exclude<StepKind, 'idle'> };
}

/** Whether `verb` would message this customer. */
export const wouldMessage = (verb: AudienceVerb, item: AudienceItem, batch: ScheduleBatch, now: Date): boolean => nextMessage(verb, item, batch, now) !== null;

/** How many of `items` the verb would message. */
export const audienceCount = (verb: AudienceVerb, items: readonly AudienceItem[], batch: ScheduleBatch, now: Date): number =>
  items.filter((item) => wouldMessage(verb, item, batch, now)).length;

/** One SMS a verb would send: the step and the language it is written in (the confirmation states its size). */
export interface SmsSend {
  kind: Exclude<StepKind, 'idle'>;
  reminder: number;
  locale: Locale;
}

/**
 * The distinct next SMS sends of the customers the verb would message by SMS (a phone, SMS among the batch's
 * channels): per step and language, since the text differs by both, while names and links never change its size.
 */
export function smsSends(verb: AudienceVerb, items: readonly (AudienceItem & { locale?: string | null })[], batch: ScheduleBatch, now: Date): SmsSend[] {
  const sends = new Map<string, SmsSend>();
  for (const item of items) {
    if (!hasBit(reachableChannels(item, batch), CHANNELS.sms)) continue;
    const planned = nextMessage(verb, item, batch, now);
    if (!planned) continue;
    const locale = localeOr(item.locale);
    sends.set(`${planned.kind}|${locale}`, { kind: planned.kind, reminder: planned.reminder, locale });
  }
  return [...sends.values()];
}
