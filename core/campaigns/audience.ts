/**
 * Who a campaign verb would message (issue 10: "This will message N customers" before starting a campaign
 * or notifying). A customer counts when a next message is planned for them (not idle, not finished) and at
 * least one of the batch's channels reaches them (an e-mail address, a phone); notifying also needs the
 * item's own notify rule (core/policies/batch_items). The API counts with these rules
 * (GET /api/batches/:id/audience) and the screens name the count before the verb runs.
 */
import { batchItemRefusal } from '../policies/batch_items.policy.js';
import { planNextNotification, reachableChannels, type ScheduleBatch, type ScheduleItem } from './schedule.js';

export const AUDIENCE_VERBS = ['start', 'notify'] as const;
export type AudienceVerb = (typeof AUDIENCE_VERBS)[number];

export type AudienceItem = ScheduleItem & { shipment_id?: number | null };

/** Whether `verb` (start the batch: over the campaign; notify: now) would message this customer. */
export function wouldMessage(verb: AudienceVerb, item: AudienceItem, batch: ScheduleBatch, now: Date): boolean {
  if (verb === 'notify' && batchItemRefusal('notify', { status: item.status, shipment_id: item.shipment_id ?? null })) return false;
  const planned = planNextNotification(item, batch, now);
  return planned !== null && planned.kind !== 'idle' && reachableChannels(item, batch) !== 0;
}

/** How many of `items` the verb would message. */
export const audienceCount = (verb: AudienceVerb, items: readonly AudienceItem[], batch: ScheduleBatch, now: Date): number =>
  items.filter((item) => wouldMessage(verb, item, batch, now)).length;
