/**
 * Shipment export rows: one row per package (a shipment without packages gives one row), read in keyset
 * chunks of shipments so 100,000 rows hold flat memory. The caller gives the filtered, tenant-restricted
 * shipments query (the list engine's `filteredQuery`), so exports see exactly what the list shows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { AnyQuery } from '../resources/list-query.js';
import { EXPORT_COLUMNS } from './columns.js';

const CHUNK = 1000;

const SHIPMENT_FIELDS = [
  'id', 'reference_id', 'external_reference_id', 'type', 'first_name', 'last_name', 'email', 'phone', 'country', 'locale',
  'dropoff_location_id', 'pickup_location_id', 'contents', 'status', 'created_at',
] as const;

type Cell = string | number | null;

/** Yields the export rows (values in EXPORT_COLUMNS order) of every shipment the query matches, by id. */
export async function* shipmentExportRows(db: Kysely<Database>, shipments: AnyQuery): AsyncGenerator<Cell[]> {
  const locations = new Map((await db.selectFrom('locations').select(['id', 'code']).execute()).map((l) => [l.id, l.code]));
  const code = (id: number | null) => (id == null ? '' : (locations.get(id) ?? ''));
  let last = 0;
  for (;;) {
    const rows = (await shipments
      .clearSelect()
      .clearOrderBy()
      .select(SHIPMENT_FIELDS.map((f) => `shipments.${f}`))
      .where('shipments.id', '>', last)
      .orderBy('shipments.id')
      .limit(CHUNK)
      .execute()) as Record<string, any>[];
    if (!rows.length) return;
    last = rows[rows.length - 1].id;
    const packages = await db
      .selectFrom('packages')
      .select(['shipment_id', 'size', 'description', 'barcode', 'status'])
      .where('shipment_id', 'in', rows.map((r) => r.id))
      .orderBy('shipment_id')
      .orderBy('id')
      .execute();
    const byShipment = new Map<number, typeof packages>();
    for (const p of packages) {
      const list = byShipment.get(p.shipment_id);
      if (list) list.push(p);
      else byShipment.set(p.shipment_id, [p]);
    }
    for (const s of rows) {
      const values: Record<string, Cell> = {
        ...s,
        dropoff_location: code(s.dropoff_location_id),
        pickup_location: code(s.pickup_location_id),
      };
      const own = byShipment.get(s.id) ?? [undefined];
      for (const p of own)
        yield EXPORT_COLUMNS.map(({ name }) => {
          if (name === 'size' || name === 'description' || name === 'barcode') return p ? p[name] : null;
          if (name === 'package_status') return p ? p.status : null;
          return values[name] ?? null;
        });
    }
  }
}
