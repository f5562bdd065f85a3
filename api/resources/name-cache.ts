/**
 * The names of the small tables list pages show beside each row (merchants, locations: `merchant_name`,
 * `dropoff_location_name`, …), kept in process for NAME_CACHE_TTL_MS (2 s) per database handle, so a list request
 * reads its page and not two or three more lookups (on PostgreSQL each one a round trip; docs/resources.md "Related
 * names"). Safety rules, as the actor cache's (api/auth/actor-cache.ts):
 * - an entry lives at most NAME_CACHE_TTL_MS, measured on the monotonic clock;
 * - a write this process makes to the table (or a statement that may change anything, e.g. DDL) forgets the
 *   table's names at once, and a lookup that raced such a write is not kept (epoch check);
 * - writes by other processes (another cluster worker, the CLI) show within the TTL: a renamed merchant or
 *   location may keep its old name in another worker's list pages for up to 2 s.
 * Only handles registered with watchNames (the app's own) are cached: a transaction's handle always reads.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';

export const NAME_CACHE_TTL_MS = 2_000;
/** Tables whose `name` (and a location's `class`) is cached: small, and shown on most list pages. */
export const CACHED_NAME_TABLES: ReadonlySet<string> = new Set(['merchants', 'locations']);
/** Names kept per table and handle; all are forgotten beyond this. */
const MAX_ENTRIES = 10_000;

interface TableNames {
  epoch: number;
  names: Map<number, { name: string | null; at: number }>;
}

const handles = new WeakMap<Kysely<any>, Map<string, TableNames>>();

/** Turns the cache on for `database` (the app's handle); returns the function that turns it off. */
export function watchNames(database: Db): () => void {
  if (!database.watchWrites || process.env.NAME_CACHE === '0') return () => {};
  const tables = new Map<string, TableNames>();
  handles.set(database.db, tables);
  const unwatch = database.watchWrites((table) => {
    for (const [key, cached] of tables) {
      if (table !== undefined && table !== key.split('.')[0]) continue;
      cached.epoch++;
      cached.names.clear();
    }
  });
  return () => {
    unwatch();
    handles.delete(database.db);
  };
}

/** The cache of `table`'s `column` (its name, or another short text such as a location's class) on this handle, when it has one. */
export function cachedNames(db: unknown, table: string, column = 'name'): TableNames | undefined {
  if (!CACHED_NAME_TABLES.has(table)) return undefined;
  const tables = handles.get(db as Kysely<any>);
  if (!tables) return undefined;
  const key = column === 'name' ? table : `${table}.${column}`;
  let cached = tables.get(key);
  if (!cached) tables.set(key, (cached = { epoch: 0, names: new Map() }));
  return cached;
}

/** The fresh names among `ids`, and the ids still to read. */
export function knownNames(cached: TableNames, ids: number[], now = performance.now()): { found: Map<number, string | null>; missing: number[] } {
  const found = new Map<number, string | null>();
  const missing: number[] = [];
  for (const id of ids) {
    const entry = cached.names.get(id);
    if (entry && now - entry.at <= NAME_CACHE_TTL_MS) found.set(id, entry.name);
    else missing.push(id);
  }
  return { found, missing };
}

/** Keeps names read while the table's epoch was `epochAtRead` (ids not found are kept as null: deleted). */
export function keepNames(cached: TableNames, epochAtRead: number, ids: number[], read: Map<number, string>, now = performance.now()): void {
  if (cached.epoch !== epochAtRead) return;
  if (cached.names.size + ids.length > MAX_ENTRIES) cached.names.clear();
  for (const id of ids) cached.names.set(id, { name: read.get(id) ?? null, at: now });
}
