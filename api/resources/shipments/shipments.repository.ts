/** Shipments: list spec, tenant restriction and the queries the service needs. */
import { sql } from 'kysely';
import type { Db } from '../access.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames, fullName } from '../related.js';
import { byMerchant } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';
import { shipmentSearch, shipmentSearchHits } from '../../db/search-text.js';

export const SHIPMENT_LIST_COLUMNS = [
  'reference_id', 'external_reference_id', 'type', 'payment_type', 'paid', 'status', 'merchant_id', 'first_name',
  'last_name', 'email', 'phone', 'country', 'locale', 'dropoff_location_id', 'pickup_location_id', 'contents',
  'batch_id', 'manifest_id', 'package_count', 'created_at', 'updated_at',
] as const;

/** Whether a listed shipment was converted from a batch item, read with the page on PostgreSQL (shipmentVerdicts). */
export const listedInBatch = new WeakMap<Row, boolean>();

export const shipmentsList: ListSpec<Row> = {
  resource: 'shipments',
  table: 'shipments',
  columns: SHIPMENT_LIST_COLUMNS,
  light: { columns: ['reference_id', 'first_name', 'last_name'], name: (r) => `${r.reference_id} ${fullName(r)}`.trim() },
  searchPrefix: ['reference_id'],
  searchPrefixShape: /^LL\d{2,}$/i,
  searchIndexed: shipmentSearch,
  searchHits: shipmentSearchHits,
  sorts: LIST_SORTS.shipments,
  seekable: ['id', 'reference_id', 'status', 'created_at', 'updated_at'],
  sortsIndexed: true,
  defaultSort: '-updated_at',
  filters: {
    status: 'int', merchant_id: 'int', type: 'text', payment_type: 'text', paid: 'bool', dropoff_location_id: 'int',
    pickup_location_id: 'int', batch_id: 'int', manifest_id: 'int', country: 'text', created_by: 'int',
  },
  restrict: byMerchant('shipments'),
  pageExtras: { in_batch: sql`exists (select 1 from batch_items where batch_items.shipment_id = shipments.id)` },
  async decorate(rows, db) {
    // PostgreSQL read `in_batch` with the page (pageExtras): kept for the verdicts, not shown (undefined keeps the shape).
    for (const row of rows) {
      if (row.in_batch === undefined) continue;
      listedInBatch.set(row, row.in_batch === true);
      row.in_batch = undefined;
    }
    await attachNames(db, rows, 'merchant_id', 'merchants', 'merchant_name');
    await attachNames(db, rows, 'dropoff_location_id', 'locations', 'dropoff_location_name');
  },
};

export const SHIPMENT_PACKAGE_COLUMNS = [
  'id', 'barcode', 'size', 'status', 'description', 'location_id', 'dropoff_location_id', 'locker_number',
  'available_at', 'expires_at', 'is_rerouted', 'is_consolidated', 'is_consolidation', 'missing', 'is_unpaid', 'updated_at',
] as const;

export async function packagesOf(db: Db, shipmentId: number) {
  return db.selectFrom('packages').select(SHIPMENT_PACKAGE_COLUMNS).where('shipment_id', '=', shipmentId).orderBy('id').execute();
}

/** Barcodes among `barcodes` already used by packages other than `exceptIds`. */
export async function takenBarcodes(db: Db, barcodes: string[], exceptIds: number[] = []): Promise<Set<string>> {
  if (!barcodes.length) return new Set();
  let q = db.selectFrom('packages').select(['barcode']).where('barcode', 'in', barcodes);
  if (exceptIds.length) q = q.where('id', 'not in', exceptIds);
  return new Set((await q.execute()).map((r) => r.barcode));
}

export async function refreshPackageCount(db: Db, shipmentId: number): Promise<void> {
  const row = await db.selectFrom('packages').select((eb) => eb.fn.countAll<number>().as('n')).where('shipment_id', '=', shipmentId).executeTakeFirst();
  await db.updateTable('shipments').set({ package_count: Number(row?.n ?? 0) }).where('id', '=', shipmentId).execute();
}
