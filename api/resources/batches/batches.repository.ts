/** Batches: list spec (merchant tenant). */
import { CONVERTIBLE_ITEM_STATUSES } from '../../../core/policies/batch_items.policy.js';
import type { Db } from '../access.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { byMerchant } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const BATCH_FIELDS = [
  'name', 'type', 'pickup_location_id', 'packages_small', 'packages_medium', 'packages_large', 'packages_oversized',
  'contents', 'notification_message', 'reminder_message', 'final_reminder_message', 'offset', 'reminder_count',
  'reminder_interval', 'channels', 'custom_final_reminder', 'message_translations',
] as const;

export const batchesList: ListSpec<Row> = {
  resource: 'batches',
  table: 'batches',
  columns: ['name', 'status', 'type', 'item_count', 'merchant_id', 'pickup_location_id', 'features', 'channels', 'offset', 'reminder_count', 'reminder_interval', 'contents', 'created_at', 'updated_at'],
  light: { columns: ['name'], name: (r) => r.name ?? `#${r.id}` },
  searchContains: ['name', 'contents'],
  sorts: LIST_SORTS.batches,
  defaultSort: 'id',
  filters: { status: 'int', type: 'text', merchant_id: 'int', pickup_location_id: 'int' },
  restrict: byMerchant('batches'),
  async decorate(rows, db) {
    await attachNames(db, rows, 'merchant_id', 'merchants', 'merchant_name');
    await attachNames(db, rows, 'pickup_location_id', 'locations', 'pickup_location_name');
  },
};

/** The batches among `ids` with at least one responded customer (what "convert responded" needs). */
export async function batchesWithResponded(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectFrom('batches')
    .select('id')
    .where('id', 'in', ids)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('batch_items').select('batch_items.id').whereRef('batch_items.batch_id', '=', 'batches.id').where('batch_items.status', 'in', CONVERTIBLE_ITEM_STATUSES)),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}
