/** Batch items (a batch's customers): list spec, filter batch_id, merchant tenant. */
import type { Db } from '../access.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { byMerchant } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const BATCH_ITEM_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'country', 'locale', 'offset_date', 'pickup_location_id'] as const;

export const batchItemsList: ListSpec<Row> = {
  resource: 'batch_items',
  table: 'batch_items',
  columns: [
    'batch_id', 'merchant_id', 'first_name', 'last_name', 'status', 'offset_date', 'email', 'phone', 'full_phone_number',
    'country', 'locale', 'reminders_sent', 'last_notified_at', 'next_notification_at', 'pickup_location_id', 'shipment_id',
    'created_at', 'updated_at',
  ],
  light: { columns: ['first_name', 'last_name'], name: (r) => `${r.first_name} ${r.last_name}` },
  searchContains: ['first_name', 'last_name', 'email', 'full_phone_number'],
  sorts: LIST_SORTS.batch_items,
  defaultSort: 'id',
  filters: { batch_id: 'int', status: 'int', merchant_id: 'int', pickup_location_id: 'int', shipment_id: 'int', country: 'text', locale: 'text' },
  restrict: byMerchant('batch_items'),
  decorate: (rows, db) => attachNames(db, rows, 'pickup_location_id', 'locations', 'pickup_location_name'),
};

export async function refreshItemCount(db: Db, batchId: number, now: string): Promise<void> {
  const row = await db.selectFrom('batch_items').select((eb) => eb.fn.countAll<number>().as('n')).where('batch_id', '=', batchId).executeTakeFirst();
  await db.updateTable('batches').set({ item_count: Number(row?.n ?? 0), updated_at: now }).where('id', '=', batchId).execute();
}
