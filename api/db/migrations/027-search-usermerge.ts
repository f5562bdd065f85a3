/**
 * SQLite: the scheduled merge of the name search index (api/jobs/search-index.job.ts, docs/resources.md "Search") joins
 * the segments of any level holding two of them (FTS5 `usermerge`; its default, 4, would leave three per level).
 * PostgreSQL's pg_trgm index has no segments: nothing to do.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';
import { SHIPMENT_SEARCH_TABLE, SHIPMENT_SEARCH_USERMERGE } from '../search-text.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  // FTS5 takes its configuration values as literals (a bound parameter is refused).
  await sql`insert into ${table}(${table}, rank) values ('usermerge', ${sql.lit(SHIPMENT_SEARCH_USERMERGE)})`.execute(db);
}
