/**
 * Batch items policy (DESIGN.md section 8, users policy shape): which item statuses allow each action and
 * the refusal codes, one definition each. The batch's own status gate is core/campaigns/batch-gate.ts.
 * Pure functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
import { BATCH_ITEM_STATUS as ITEM } from '../statuses.js';

export const BATCH_ITEM_ACTIONS = ['edit', 'delete', 'notify', 'restart', 'convert'] as const;
export type BatchItemAction = (typeof BATCH_ITEM_ACTIONS)[number];

export interface BatchItemState {
  status: number;
  shipment_id: number | null;
}

/** Item statuses each verb refuses as `batch_item.not_notifiable` / `batch_item.not_responded`. */
const NOT_NOTIFIABLE: Partial<Record<BatchItemAction, readonly number[]>> = {
  notify: [ITEM.failed, ITEM.idle],
  restart: [ITEM.draft, ITEM.pending],
};

/** Statuses the campaign schedule still drives (the scheduler's due steps). */
export const SCHEDULED_ITEM_STATUSES: readonly number[] = [ITEM.draft, ITEM.pending, ITEM.notified, ITEM.reminded];

/** Statuses that keep a running batch open: scheduled, or answered and waiting for conversion. */
export const OPEN_ITEM_STATUSES: readonly number[] = [...SCHEDULED_ITEM_STATUSES, ITEM.responded];

/** Statuses in which the customer may still answer through the public respond page. */
export const ANSWERABLE_ITEM_STATUSES: readonly number[] = [ITEM.draft, ITEM.pending, ITEM.notified, ITEM.reminded, ITEM.idle, ITEM.failed];

/** Statuses a dead (undeliverable) campaign message turns Failed: not answered, converted or failed already. */
export const FAILABLE_ITEM_STATUSES: readonly number[] = [ITEM.draft, ITEM.pending, ITEM.notified, ITEM.reminded, ITEM.idle];

/** Statuses an item is converted into a shipment from (the `convert` verb, "convert responded"). */
export const CONVERTIBLE_ITEM_STATUSES: readonly number[] = [ITEM.responded];

/** Starting a batch moves its not-yet-scheduled items into the schedule. */
export const ITEMS_ON_BATCH_START = { from: [ITEM.draft] as readonly number[], to: ITEM.pending };

/** Converting an item moves it here. */
export const CONVERTED_ITEM_STATUS = ITEM.shipment_created;

/** True once the customer's answer became a shipment. */
export const isConverted = (item: BatchItemState): boolean => item.shipment_id != null || item.status === CONVERTED_ITEM_STATUS;

/** True when a scheduler step left the item failed (the step records why). */
export const isFailedItemStatus = (status: number): boolean => status === ITEM.failed;

/** Why `action` is refused on the item (null when allowed). */
export function batchItemRefusal(action: BatchItemAction, item: BatchItemState): ErrorCode | null {
  if (isConverted(item)) return 'batch_item.already_converted';
  if (action === 'convert') return CONVERTIBLE_ITEM_STATUSES.includes(item.status) ? null : 'batch_item.not_responded';
  if (item.status === ITEM.responded) return 'batch_item.already_responded';
  return NOT_NOTIFIABLE[action]?.includes(item.status) ? 'batch_item.not_notifiable' : null;
}
