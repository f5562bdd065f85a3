/** The shipment timeline of a shipment page: core's one definition (core/policies/shipments.policy.ts shipmentTimeline), fed with the shipment's events. */
import { shipmentTimeline, type TimelineStep } from '../../../../core/policies/shipments.policy.js';
import type { HistoryEvent } from '../../components/EventHistory.js';

export type { TimelineStep };

/** The steps with the time the shipment first reached each (its events, oldest first). */
export function timelineSteps(status: number, events: HistoryEvent[]): TimelineStep[] {
  const firstAt = new Map<number, string>();
  for (const e of [...events].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (e.to_status !== null && !firstAt.has(e.to_status)) firstAt.set(e.to_status, e.created_at);
  }
  return shipmentTimeline(status, firstAt);
}
