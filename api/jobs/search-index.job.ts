/**
 * Keeps the SQLite name search index compact (docs/resources.md "Search"). FTS5 writes every committed transaction
 * as a new small segment and merges them four at a time, so an index kept by one-row writes holds 10-20 segments, and a
 * lookup probes each: on 200,000 shipments a rare term's candidate lookup took ~275 µs on such an index against ~50 µs
 * on one segment. The scheduled pass merges the segments with FTS5's incremental `merge` command, a few pages per step
 * with a pause between steps, for at most a time budget per pass: a large index is compacted over several passes, and
 * the work (a rewrite of the index) never holds the write lock or the process for long. PostgreSQL: nothing to do.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import { SHIPMENT_SEARCH_TABLE } from '../db/search-text.js';

/** Above this many segments the pass compacts the index (a compact index has one). */
export const SEARCH_INDEX_MAX_SEGMENTS = 4;
/** Pages written per merge step: a step takes a few milliseconds. */
const PAGES_PER_STEP = 16;
/** Time one pass may spend merging, in all. */
const PASS_BUDGET_MS = 250;

export interface CompactResult {
  /** Segments before the pass. */
  before: number;
  /** Segments after it (still above the limit when the budget ran out: the next pass goes on). */
  after: number;
  steps: number;
}

const table = () => sql.table(SHIPMENT_SEARCH_TABLE);

/** How many segments the index has (its `_idx` table holds a few rows per segment). */
export async function searchIndexSegments(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(distinct segid) as n from ${sql.table(`${SHIPMENT_SEARCH_TABLE}_idx`)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Merges the index's segments for up to `budgetMs`; undefined on PostgreSQL or when there is nothing to do. */
export async function compactSearchIndex(db: Kysely<any>, dialect: Dialect, budgetMs = PASS_BUDGET_MS): Promise<CompactResult | undefined> {
  if (dialect !== 'sqlite') return undefined;
  const before = await searchIndexSegments(db);
  if (before <= SEARCH_INDEX_MAX_SEGMENTS) return undefined;
  const started = performance.now();
  let steps = 0;
  do {
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    // A negative page count merges segments of every level together (a positive one only full levels).
    await sql`insert into ${table()}(${table()}, rank) values ('merge', ${-PAGES_PER_STEP})`.execute(db);
    steps++;
    const { rows: after } = await sql<{ n: number }>`select total_changes() as n`.execute(db);
    // FTS5's documented signal: fewer than two changes means the merge found nothing left to do.
    if (Number(after[0]!.n) - Number(rows[0]!.n) < 2) break;
    await new Promise((resolve) => setImmediate(resolve)); // requests this process serves go first
  } while (performance.now() - started < budgetMs);
  return { before, after: await searchIndexSegments(db), steps };
}
