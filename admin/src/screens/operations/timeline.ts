/** The shipment timeline steps (SPEC: 20, 30, 50, 60 when visited, 70, 90, 100) with their times. */
import { isOnTimeline } from '../../../../core/policies/shipments.policy.js';
import type { HistoryEvent } from '../../components/EventHistory.js';

export const TIMELINE_STEPS = [20, 30, 50, 60, 70, 90, 100] as const;
/** Shown only when the shipment actually went through it. */
const OPTIONAL_STEPS = new Set<number>([60]);

export interface TimelineStep {
  status: number;
  /** When the shipment first reached this step (from its events), if it did. */
  at: string | null;
  state: 'done' | 'current' | 'todo';
}

export function timelineSteps(status: number, events: HistoryEvent[]): TimelineStep[] {
  const firstAt = new Map<number, string>();
  for (const e of [...events].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    if (e.to_status !== null && !firstAt.has(e.to_status)) firstAt.set(e.to_status, e.created_at);
  }
  const steps = TIMELINE_STEPS.filter((s) => !OPTIONAL_STEPS.has(s) || firstAt.has(s) || status === s);
  // The current step is the last one the status has reached (80 "awaiting payment" sits on 70); none when negative.
  const current = isOnTimeline({ status }) ? [...steps].reverse().find((s) => s <= status) : undefined;
  return steps.map((s) => ({
    status: s,
    at: firstAt.get(s) ?? null,
    state: current === undefined ? (firstAt.has(s) ? 'done' : 'todo') : s < current ? 'done' : s === current ? 'current' : 'todo',
  }));
}
