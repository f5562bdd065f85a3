/** Batch loaders for related names shown in lists and records (one query per relation, never N+1). */
import { sql, type Kysely } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { IN_USE_COUNT_CAP, IN_USE_REFERENCES, type InUseResource } from '../../core/in-use.js';
import type { Actor } from '../../core/permissions.js';
import type { Database } from '../db/tables.js';
import type { Db } from './access.js';
import type { Row } from './module.js';
import { cachedNames, keepNames, knownNames } from './name-cache.js';

const uniqueIds = (rows: Row[], key: string) => [...new Set(rows.map((r) => r[key]).filter((v): v is number => typeof v === 'number'))];

/**
 * `table.column` (or what `name` makes of `columns`) of each id, null for an id not found. Merchants' and locations'
 * one-column values (name, a location's class) come from a 2-second in-process cache when the handle has one
 * (name-cache.ts).
 */
export async function relatedValues(
  db: Kysely<Database> | Db,
  ids: number[],
  table: 'locations' | 'merchants' | 'users' | 'shipments' | 'batches' | 'manifests',
  columns: readonly string[] = ['name'],
  name: (r: Row) => string = (r) => r.name,
): Promise<Map<number, string | null>> {
  const cached = columns.length === 1 ? cachedNames(db, table, columns[0]) : undefined;
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
  return known.found;
}

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
  const found = await relatedValues(db, uniqueIds(rows, key), table, columns, name);
  for (const row of rows) row[target] = row[key] == null ? null : (found.get(row[key]) ?? null);
}

export const fullName = (r: Row) => `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim();

/**
 * The rows of `table` that hold record `id` (`holding`), and those the actor's counts are of (`counted`: its merchant's).
 * `+merchant_id`: the merchant's index must not lead the read (it would walk all the merchant's rows when few hold the
 * record); the referencing columns' indexes do, and the merchant is checked on those rows only
 * (tests/api/in-use-plans.test.ts).
 */
export function inUseRows(k: Kysely<any>, table: string, columns: readonly string[], id: number, merchantId: number | null | undefined) {
  const holding = k.selectFrom(table).where((eb) => eb.or(columns.map((c) => eb(c, '=', id))));
  const counted = merchantId == null ? holding : holding.where(sql`+${sql.ref(`${table}.merchant_id`)}`, '=', merchantId);
  return { holding, counted };
}

/**
 * Throws 400 record.in_use when anything still references the record (core IN_USE_REFERENCES), with the counts per
 * referencing table as params (core inUseMessage says them): only the actor's merchant's records are counted, so a
 * refusal never tells a merchant how many of another merchant's records there are (the refusal itself stays).
 * Each count reads at most IN_USE_COUNT_CAP + 1 rows (more are said as "more than"): a delete runs in a write
 * transaction, and a full count of a busy location's shipments (750,000: ~0.5 s) held the process for every attempt.
 */
export async function refuseIfInUse(db: Db, resource: InUseResource, id: number, actor: Pick<Actor, 'merchant_id'>): Promise<void> {
  const counts: Record<string, number> = {};
  let held = false;
  const k = db as unknown as Kysely<any>;
  for (const [table, columns] of Object.entries(IN_USE_REFERENCES[resource]) as [string, readonly string[]][]) {
    const { holding, counted } = inUseRows(k, table, columns, id, actor.merchant_id);
    const capped = counted.select(sql`1`.as('one')).limit(IN_USE_COUNT_CAP + 1);
    const own = Number((await k.selectFrom(capped.as('capped')).select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
    if (own > 0) counts[table] = own;
    else if (actor.merchant_id == null || !(await holding.select(sql`1`.as('one')).limit(1).executeTakeFirst())) continue;
    held = true;
  }
  if (held) throw new DomainError('record.in_use', undefined, { params: counts });
}
