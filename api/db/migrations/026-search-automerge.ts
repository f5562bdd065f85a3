/**
 * SQLite: the name search index merges its segments two at a time instead of four (FTS5 `automerge`, docs/resources.md
 * "Search"). FTS5 writes each committed transaction as a new small segment and a lookup probes every segment: built
 * row by row as the API writes, 200,000 shipments left 12 segments with the default (4) and 6 with 2, and a rare term's
 * candidate lookup took ~150 µs against ~75; each write costs the index ~40 µs more (~225 against ~180 µs). Existing
 * segments merge under the new setting as writes come. PostgreSQL's pg_trgm index has no segments: nothing to do.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SHIPMENT_SEARCH_AUTOMERGE, SHIPMENT_SEARCH_TABLE } from '../search-text.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  // FTS5 takes its configuration values as literals (a bound parameter is refused).
  await sql`insert into ${table}(${table}, rank) values ('automerge', ${sql.lit(SHIPMENT_SEARCH_AUTOMERGE)})`.execute(db);
}
