/**
 * Keeps the SQLite name search index in few segments (docs/resources.md "Search"). FTS5 writes each committed
 * transaction as a new segment and every trigram lookup probes every segment, while its automatic merging, paced by
 * the writes, lets small segments pile up (5,000 one-row writes after a full rewrite left 19). This pass asks FTS5 to
 * `merge` the levels holding two segments or more (`usermerge`, migration 027), a few hundred pages a step, until a
 * step changes nothing or the pass's time is spent: at most one segment per level remains (5-7 for 200,000 shipments).
 * A positive page count never rewrites a level that holds a single segment, so the pass costs little: a millisecond
 * or two each minute for a day's writes. (A negative count merges everything incrementally; with writes in between it
 * made the index grow past a thousand segments: never that.) PostgreSQL's pg_trgm index has no segments.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import { SHIPMENT_SEARCH_TABLE } from '../db/search-text.js';

/** Pages FTS5 writes in one merge step (each step is a short write transaction of its own). */
const PAGES_PER_STEP = 256;
/** A pass stops starting steps after this long, so writers never wait behind it for long. */
const PASS_BUDGET_MS = 100;

/** Merges the search index's crowded levels; returns the merge steps that changed it. */
export async function mergeSearchIndex(db: Kysely<any>, dialect: Dialect, budgetMs = PASS_BUDGET_MS): Promise<number> {
  if (dialect !== 'sqlite') return 0;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  // FTS5 keeps the list of segments in one record of its data table (rowid 10): a step that merged nothing leaves it.
  const structure = async () =>
    (await sql<{ block: Uint8Array }>`select block from ${sql.table(`${SHIPMENT_SEARCH_TABLE}_data`)} where id = 10`.execute(db)).rows[0]?.block;
  const started = Date.now();
  let steps = 0;
  let before = await structure();
  while (Date.now() - started < budgetMs) {
    await sql`insert into ${table}(${table}, rank) values ('merge', ${sql.lit(PAGES_PER_STEP)})`.execute(db);
    const after = await structure();
    if (before && after && Buffer.compare(before, after) === 0) break;
    steps++;
    before = after;
  }
  return steps;
}
