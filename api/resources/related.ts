/** Batch loaders for related names shown in lists and records (one query per relation, never N+1). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Db } from './access.js';
import type { Row } from './module.js';
import { cachedNames, keepNames, knownNames } from './name-cache.js';

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
  // Merchants' and locations' names come from a 2-second in-process cache when the handle has one (name-cache.ts).
  const cached = columns.length === 1 && columns[0] === 'name' ? cachedNames(db, table) : undefined;
  const epoch = cached?.epoch ?? 0;
  const known = cached ? knownNames(cached, ids) : { found: new Map<number, string | null>(), missing: ids };
  if (known.missing.length) {
    const k = db as unknown as Kysely<any>;
    const related = (await k.selectFrom(table).select(['id', ...columns]).where('id', 'in', known.missing).execute()) as Row[];
    const read = new Map<number, string>();
    for (const r of related) read.set(r.id, name(r));
    for (const id of known.missing) known.found.set(id, read.get(id) ?? null);
    if (cached) keepNames(cached, epoch, known.missing, read);
  }
  for (const row of rows) row[target] = row[key] == null ? null : (known.found.get(row[key]) ?? null);
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
