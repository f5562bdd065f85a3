/**
 * The batch item verbs its batch's status decides (SPEC section 8 "The batch is not running"): notify
 * needs a running batch; restart any batch that is not completed. The endpoints and the offered actions
 * (meta.actions, GET /api/user/can) both ask this, so a verb is offered exactly when it would be accepted.
 */
import { BATCH_STATUS } from '../statuses.js';

export const BATCH_GATED_VERBS = ['notify', 'restart'] as const;
export type BatchGatedVerb = (typeof BATCH_GATED_VERBS)[number];

export function batchStatusRefusal(verb: BatchGatedVerb, batchStatus: number): 'batch_item.batch_not_running' | null {
  const allowed = verb === 'notify' ? batchStatus === BATCH_STATUS.running : batchStatus !== BATCH_STATUS.completed;
  return allowed ? null : 'batch_item.batch_not_running';
}
