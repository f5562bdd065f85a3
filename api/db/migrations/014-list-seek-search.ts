/**
 * Lists at any depth of a million rows (issue 11, docs/resources.md "Sorts and indexes"):
 * - an index for every sort the shipments and packages lists accept (core LIST_SORTS), for everyone
 *   (`(x, id)`) and for merchant users (`(merchant_id, x, id)`), plus filter-and-sort pairs people use, and an
 *   index led by each id filter that had none;
 * - the shipments' name search index: SQLite FTS5 trigram table kept by triggers, PostgreSQL pg_trgm GIN
 *   index on the same text (api/db/search-text.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SHIPMENT_SEARCH_COLUMNS, SHIPMENT_SEARCH_TABLE, searchTextSql } from '../search-text.js';

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['shipments_id_merchant', 'shipments', ['merchant_id', 'id']],
  ['shipments_created', 'shipments', ['created_at', 'id']],
  ['shipments_merchant_created', 'shipments', ['merchant_id', 'created_at', 'id']],
  ['shipments_last_name', 'shipments', ['last_name', 'id']],
  ['shipments_merchant_last_name', 'shipments', ['merchant_id', 'last_name', 'id']],
  ['shipments_status_id', 'shipments', ['status', 'id']],
  ['shipments_merchant_status_id', 'shipments', ['merchant_id', 'status', 'id']],
  ['shipments_merchant_reference', 'shipments', ['merchant_id', 'reference_id']],
  ['shipments_external', 'shipments', ['external_reference_id', 'id']],
  ['shipments_dropoff_updated', 'shipments', ['dropoff_location_id', 'updated_at', 'id']],
  ['shipments_pickup', 'shipments', ['pickup_location_id', 'id']],
  ['shipments_batch', 'shipments', ['batch_id', 'id']],
  ['shipments_manifest', 'shipments', ['manifest_id', 'id']],
  ['shipments_created_by', 'shipments', ['created_by', 'id']],
  ['packages_consolidated_to', 'packages', ['consolidated_to_id', 'id']],
  ['packages_updated', 'packages', ['updated_at', 'id']],
  ['packages_status_updated', 'packages', ['status', 'updated_at', 'id']],
  ['packages_merchant_updated', 'packages', ['merchant_id', 'updated_at', 'id']],
  ['packages_expires_id', 'packages', ['expires_at', 'id']],
  ['packages_merchant_barcode', 'packages', ['merchant_id', 'barcode']],
];

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();

  if (dialect === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql.raw(`create index shipments_search on shipments using gin ((${searchTextSql('')}) gin_trgm_ops)`).execute(db);
    return;
  }
  const table = SHIPMENT_SEARCH_TABLE;
  await sql.raw(`create virtual table ${table} using fts5(text, content='', contentless_delete=1, tokenize='trigram')`).execute(db);
  await sql.raw(`insert into ${table} (rowid, text) select id, ${searchTextSql('')} from shipments`).execute(db);
  const insert = `insert into ${table} (rowid, text) values (new.id, ${searchTextSql('new.')});`;
  const remove = `delete from ${table} where rowid = old.id;`;
  await sql.raw(`create trigger ${table}_insert after insert on shipments begin ${insert} end`).execute(db);
  await sql
    .raw(`create trigger ${table}_update after update of ${SHIPMENT_SEARCH_COLUMNS.join(', ')} on shipments begin ${remove} ${insert} end`)
    .execute(db);
  await sql.raw(`create trigger ${table}_delete after delete on shipments begin ${remove} end`).execute(db);
}
