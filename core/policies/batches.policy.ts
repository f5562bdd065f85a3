/**
 * Batches policy (DESIGN.md section 8, users policy shape): the status rules of a campaign batch, one
 * definition each. The API's verdicts (meta.actions, user/can) and endpoints ask here; the item-level rules
 * are core/policies/batch_items.policy.ts, the batch status gate of item verbs core/campaigns/batch-gate.ts.
 * Pure functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
import { BATCH_STATUS as B } from '../statuses.js';

export const BATCH_ACTIONS = ['edit', 'delete', 'start', 'pause', 'add-items'] as const;
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** The statuses each action needs, and the refusal code otherwise. */
const RULES: Record<BatchAction, { statuses: readonly number[]; refusal: ErrorCode }> = {
  edit: { statuses: [B.draft, B.running, B.paused], refusal: 'record.locked' },
  delete: { statuses: [B.draft], refusal: 'record.locked' },
  start: { statuses: [B.draft, B.paused], refusal: 'batch.not_startable' },
  pause: { statuses: [B.running], refusal: 'batch.not_pausable' },
  // Items are added (by hand or by import) until the batch is completed.
  'add-items': { statuses: [B.draft, B.running, B.paused], refusal: 'record.locked' },
};

/** Why `action` is refused on a batch in this status (null when allowed). */
export function batchRefusal(action: BatchAction, batch: { status: number }): ErrorCode | null {
  const rule = RULES[action];
  return rule.statuses.includes(batch.status) ? null : rule.refusal;
}

/** Statuses in which the scheduler sends a batch's steps. */
export const SENDING_BATCH_STATUSES: readonly number[] = [B.running];

/** A sending batch whose items are all done (none open) becomes completed. */
export const BATCH_COMPLETION = { from: SENDING_BATCH_STATUSES, to: B.completed };
