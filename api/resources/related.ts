/** Batch loaders for related names shown in lists and records (one query per relation, never N+1). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Db } from './access.js';
import type { Row } from './module.js';

const uniqueIds = (rows: Row[], key: string) => [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];

/** Sets `row[target]` from `table.column` of the row's `key` id, for every row. */
export async function attachNames(
  db: Kysely<Database> | Db,
  rows: Row[],
  key: string,
  table: 'locations' | 'merchants' | 'users' | 'shipments' | 'batches' | 'manifests',
  target: string,
  columns: readonly string[] = ['name'],
  name: (r: Row) => string = (r) => r.name,
): Promise<void> {
  const ids = uniqueIds(rows, key);
  const found = new Map<number, string>();
  if (ids.length) {
    const k = db as unknown as Kysely<any>;
    const related = (await k.selectFrom(table).select(['id', ...columns]).where('id', 'in', ids).execute()) as Row[];
    for (const r of related) found.set(r.id, name(r));
  }
  for (const row of rows) row[target] = row[key] == null ? null : (found.get(row[key]) ?? null);
}

export const fullName = (r: Row) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim();

/** Throws 400 record.in_use when any of the given (table, column) still references the id. */
export async function referencedBy(db: Db, id: number, refs: readonly (readonly [keyof Database & string, string])[]): Promise<boolean> {
  for (const [table, column] of refs) {
    const hit = await (db as unknown as Kysely<any>).selectFrom(table).select(column).where(column, '=', id).limit(1).executeTakeFirst();
    if (hit) return true;
  }
  return false;
}
