/**
 * The shipments' name search index (migration 014, docs/resources.md "Search"): one text per shipment made of
 * the searched columns, indexed by trigrams so a case-insensitive "contains" is an index lookup, not a scan of
 * every row. SQLite keeps it in an FTS5 table (`tokenize='trigram'`, filled by triggers); PostgreSQL in a
 * pg_trgm GIN index on the same expression. The migration and the list query build the text here, so they match.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from './dialect.js';

export const SHIPMENT_SEARCH_COLUMNS = ['first_name', 'last_name', 'email', 'external_reference_id'] as const;
/** SQLite FTS5 table holding the search text, rowid = shipments.id. */
export const SHIPMENT_SEARCH_TABLE = 'shipments_search';
/** FTS5 merges this many segments of a level into one (migration 026; FTS5's default is 4): fewer segments to probe. */
export const SHIPMENT_SEARCH_AUTOMERGE = 2;
/** Shorter terms have no trigram: they are matched by a (time-limited) scan instead. */
export const TRIGRAM_MIN_LENGTH = 3;

/** SQL text of the concatenated columns, columns qualified with `prefix` (e.g. `new.`, `shipments.`). */
export function searchTextSql(prefix = '', columns: readonly string[] = SHIPMENT_SEARCH_COLUMNS): string {
  return columns.map((c) => `coalesce(${prefix}${c}, '')`).join(` || ' ' || `);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** Case-insensitive "contains" on both dialects (`%`, `_` and `\` in the term are literal). */
export function containsCI(target: RawBuilder<unknown>, term: string, dialect: Dialect): RawBuilder<boolean> {
  const pattern = `%${escapeLike(term)}%`;
  return dialect === 'postgres' ? sql<boolean>`${target} ILIKE ${pattern} ESCAPE '\\'` : sql<boolean>`${target} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * What the trigram index found for a term before the list query runs: the matching ids; `many` (over a cap); or
 * `{ candidates }`, ids holding the term's rarest trigrams, a superset the list query narrows with LIKE on the text.
 */
export type SearchHits = number[] | 'many' | { candidates: number[] };

const usesTrigrams = (term: string, dialect: Dialect) => dialect === 'sqlite' && [...term].length >= TRIGRAM_MIN_LENGTH;
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** Printable ASCII: LIKE folds its case as the trigram index does (beyond ASCII it does not, so the phrase decides). */
const PLAIN_ASCII = /^[\x20-\x7e]+$/;

/** How many rows hold each trigram (at most cap + 1), per database handle: learnt when first asked, kept as a hint. */
const trigramCounts = new WeakMap<Kysely<any>, Map<string, number>>();
/** Distinct trigrams remembered per handle (all of them are forgotten beyond this, then learnt again). */
const TRIGRAM_COUNTS_MAX = 50_000;
/** How many of a term's rarest trigrams the candidate lookup asks for together. */
const RAREST_TRIGRAMS = 3;

async function trigramCount(db: Kysely<any>, trigram: string, cap: number, guard: RawBuilder<boolean>): Promise<number> {
  let counts = trigramCounts.get(db);
  if (!counts) trigramCounts.set(db, (counts = new Map()));
  const known = counts.get(trigram);
  if (known !== undefined) return known;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from ${table} where ${guard} and ${table} match ${ftsPhrase(trigram)} limit ${cap + 1})`.execute(db);
  if (counts.size >= TRIGRAM_COUNTS_MAX) counts.clear();
  counts.set(trigram, Number(rows[0]?.n ?? 0));
  return counts.get(trigram)!;
}

/**
 * SQLite: what the FTS5 index holds for a term (`guard`: the list time limit). A phrase query reads the postings of
 * every trigram of the term with their positions: an e-mail fragment like `knowles99963` read the long lists of `kno`,
 * `now`, `les` (18,000 rows each) for ~2 ms. So a plain-ASCII term asks instead for the rows holding its few rarest
 * trigrams (their row counts learnt once per process, at most cap + 1 each): `{ candidates }`, which the list query
 * narrows with LIKE on the text (shipmentSearch). When every trigram is common, or the term is not plain ASCII, the
 * phrase query answers at most `cap` + 1 ids: a rare term its ids, a common one `many` (the list engine remembers it
 * for a moment like a capped total, list-count-cache.ts): then walking the sort's index and checking the text finds a page in a few
 * hundred rows, whereas looking up and sorting thousands of matches would cost far more. PostgreSQL and short
 * terms: undefined (the planner, or a scan, decides).
 */
export async function shipmentSearchHits(db: Kysely<any>, term: string, dialect: Dialect, cap: number, guard?: RawBuilder<boolean>): Promise<SearchHits | undefined> {
  if (!usesTrigrams(term, dialect)) return undefined;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  const where = guard ?? sql<boolean>`1`;
  if (PLAIN_ASCII.test(term)) {
    const lower = term.toLowerCase();
    const trigrams = [...new Set(Array.from({ length: lower.length - 2 }, (_, i) => lower.slice(i, i + 3)))];
    const counted: [string, number][] = [];
    for (const trigram of trigrams) counted.push([trigram, await trigramCount(db, trigram, cap, where)]);
    const rarest = counted.filter(([, n]) => n <= cap).sort((a, b) => a[1] - b[1]).slice(0, RAREST_TRIGRAMS);
    if (rarest.length) {
      const query = rarest.map(([trigram]) => ftsPhrase(trigram)).join(' AND ');
      const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where ${where} and ${table} match ${query} limit ${cap + 1}`.execute(db);
      // Counts learnt before many rows were written may be stale: over the cap, the phrase decides.
      if (rows.length <= cap) return { candidates: rows.map((r) => r.id) };
    }
  }
  const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where ${where} and ${table} match ${ftsPhrase(term)} limit ${cap + 1}`.execute(db);
  return rows.length > cap ? 'many' : rows.map((r) => r.id);
}

/**
 * Condition on `table.id` (a shipments alias) matching `term` anywhere in the search text. PostgreSQL: ILIKE on
 * the indexed expression (pg_trgm serves it from 3 characters). SQLite: the ids the index found (`hits`), the
 * candidates it found narrowed by LIKE on the text, LIKE on the text for a common term or a term under 3 characters,
 * else an FTS5 trigram phrase (substring, case-insensitive).
 */
export function shipmentSearch(table: string, term: string, dialect: Dialect, hits?: SearchHits): RawBuilder<boolean> {
  const text = sql.raw(`(${searchTextSql(`${table}.`)})`);
  if (!usesTrigrams(term, dialect) || hits === 'many') return containsCI(text, term, dialect);
  const id = sql.ref(`${table}.id`);
  if (Array.isArray(hits)) return sql<boolean>`${id} in (select value from json_each(${JSON.stringify(hits)}))`;
  if (hits) return sql<boolean>`(${id} in (select value from json_each(${JSON.stringify(hits.candidates)})) and ${containsCI(text, term, dialect)})`;
  const fts = sql.table(SHIPMENT_SEARCH_TABLE);
  return sql<boolean>`${id} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`;
}
