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
/**
 * The scheduled pass's FTS5 `merge` (api/jobs/search-index.job.ts) joins the segments of any level holding this many
 * (`usermerge`, migration 027; FTS5's default is 4).
 */
export const SHIPMENT_SEARCH_USERMERGE = 2;
/** Shorter terms have no trigram: they are matched by a (time-limited) scan instead. */
export const TRIGRAM_MIN_LENGTH = 3;

/** SQL text of the concatenated columns, columns qualified with `prefix` (e.g. `new.`, `shipments.`). */
export function searchTextSql(prefix = '', columns: readonly string[] = SHIPMENT_SEARCH_COLUMNS): string {
  return columns.map((c) => `coalesce(${prefix}${c}, '')`).join(` || ' ' || `);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
const ASCII = /^\p{ASCII}*$/u;

/** The indexed search text of the shipments row `table` (an alias). */
const shipmentText = (table: string) => sql.raw(`(${searchTextSql(`${table}.`)})`);

/** A character's lower case, one character as PostgreSQL's lower() gives it (`İ` -> `i`, not `i̇`). */
const lowerChar = (c: string) => [...c.toLowerCase()][0]!;

/**
 * SQLite GLOB pattern for "contains `term`", each character as a class of the forms with its lower case (`ñ` ->
 * `[ñÑ]`, `ı` -> `ı`: `I` is `i`), as PostgreSQL's ILIKE compares: SQLite's LIKE folds ASCII letters only. GLOB's own
 * `*`, `?`, `[`, `]` are classes too.
 */
function globContainsCI(term: string): string {
  let pattern = '*';
  for (const c of term) {
    const lower = lowerChar(c);
    const forms = new Set([c, lower, ...lower.toUpperCase()].filter((f) => lowerChar(f) === lower));
    pattern += forms.size > 1 || '*?[]'.includes(c) ? `[${[...forms].join('')}]` : c;
  }
  return pattern + '*';
}

/** Case-insensitive "contains" on both dialects, beyond ASCII too (`%`, `_` and `\` in the term are literal). */
export function containsCI(target: RawBuilder<unknown>, term: string, dialect: Dialect): RawBuilder<boolean> {
  const pattern = `%${escapeLike(term)}%`;
  if (dialect === 'postgres') return sql<boolean>`${target} ILIKE ${pattern} ESCAPE '\\'`;
  return ASCII.test(term) ? sql<boolean>`${target} LIKE ${pattern} ESCAPE '\\'` : sql<boolean>`${target} GLOB ${globContainsCI(term)}`;
}

/**
 * What the trigram index found for a term before the list query runs: the matching ids; `many` (over a cap);
 * `{ candidates }`, ids holding the term's rarest trigrams, a superset the list query narrows with LIKE on the text
 * (SQLite); or `{ trigrams }`, the term's rarest trigrams for the list query's index lookup (PostgreSQL).
 */
export type SearchHits = number[] | 'many' | { candidates: number[] } | { trigrams: string[] };

/** Whether the trigram index can answer for the term at all (shorter terms are a scan). */
const longEnough = (term: string) => [...term].length >= TRIGRAM_MIN_LENGTH;
const usesTrigrams = (term: string, dialect: Dialect) => dialect === 'sqlite' && longEnough(term);
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;
/** Printable ASCII: LIKE folds its case as the trigram index does (beyond ASCII it does not, so the phrase decides). */
const PLAIN_ASCII = /^[\x20-\x7e]+$/;

/** How many rows hold each trigram (at most cap + 1), per database handle: learnt when first asked, kept as a hint. */
const trigramCounts = new WeakMap<Kysely<any>, Map<string, number>>();
/** Distinct trigrams remembered per handle (all of them are forgotten beyond this, then learnt again). */
const TRIGRAM_COUNTS_MAX = 50_000;
/** How many of a term's rarest trigrams the candidate lookup asks for together. */
const RAREST_TRIGRAMS = 3;

/** How many rows hold `trigram`, at most cap + 1: SQLite from its FTS5 table, PostgreSQL through the pg_trgm index. */
function countRowsWith(db: Kysely<any>, dialect: Dialect, trigram: string, cap: number, guard: RawBuilder<boolean>) {
  if (dialect === 'postgres') {
    return sql<{ n: number }>`select count(*) as n from (select 1 from shipments where ${shipmentText('shipments')} ILIKE ${`%${trigram}%`} limit ${cap + 1}) as found`.execute(db);
  }
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  return sql<{ n: number }>`select count(*) as n from (select 1 from ${table} where ${guard} and ${table} match ${ftsPhrase(trigram)} limit ${cap + 1})`.execute(db);
}

async function trigramCount(db: Kysely<any>, dialect: Dialect, trigram: string, cap: number, guard: RawBuilder<boolean>): Promise<number> {
  let counts = trigramCounts.get(db);
  if (!counts) trigramCounts.set(db, (counts = new Map()));
  const known = counts.get(trigram);
  if (known !== undefined) return known;
  const { rows } = await countRowsWith(db, dialect, trigram, cap, guard);
  if (counts.size >= TRIGRAM_COUNTS_MAX) counts.clear();
  counts.set(trigram, Number(rows[0]?.n ?? 0));
  return counts.get(trigram)!;
}

/**
 * Up to RAREST_TRIGRAMS of the term's trigrams held by at most `cap` rows, rarest first (counts learnt once per
 * process, kept as a hint). PostgreSQL: letters and digits only, as pg_trgm reads nothing else as a trigram.
 */
async function rarestTrigrams(db: Kysely<any>, dialect: Dialect, term: string, cap: number, guard: RawBuilder<boolean>): Promise<string[]> {
  const lower = term.toLowerCase();
  const all = [...new Set(Array.from({ length: lower.length - 2 }, (_, i) => lower.slice(i, i + 3)))];
  const trigrams = dialect === 'postgres' ? all.filter((t) => /^[a-z0-9]{3}$/.test(t)) : all;
  const counted: [string, number][] = [];
  for (const trigram of trigrams) counted.push([trigram, await trigramCount(db, dialect, trigram, cap, guard)]);
  return counted.filter(([, n]) => n <= cap).sort((a, b) => a[1] - b[1]).slice(0, RAREST_TRIGRAMS).map(([trigram]) => trigram);
}

/**
 * SQLite: what the FTS5 index holds for a term (`guard`: the list time limit). A phrase query reads the postings of
 * every trigram of the term with their positions: an e-mail fragment like `knowles99963` read the long lists of `kno`,
 * `now`, `les` (18,000 rows each) for ~2 ms. So a plain-ASCII term asks instead for the rows holding its few rarest
 * trigrams (their row counts learnt once per process, at most cap + 1 each): `{ candidates }`, which the list query
 * narrows with LIKE on the text (shipmentSearch). When every trigram is common, or the term is not plain ASCII, the
 * phrase query answers at most `cap` + 1 ids: a rare term its ids, a common one `many` (the list engine remembers it
 * for a moment like a capped total, list-count-cache.ts): then walking the sort's index and checking the text finds a page in a few
 * hundred rows, whereas looking up and sorting thousands of matches would cost far more. Short terms: undefined
 * (a scan decides).
 *
 * PostgreSQL: pg_trgm's GIN lookup for ILIKE '%term%' reads the postings of every trigram of the term, the common
 * ones too (~1.7 ms for `ferguson14965`). A plain-ASCII term whose rarest trigrams are known to be rare gets
 * `{ trigrams }`: the list query looks up those few (ILIKE '%496%' …, ~0.9 ms) and checks the whole term on the rows
 * found (shipmentSearch). Otherwise undefined: the planner decides, as before.
 */
export async function shipmentSearchHits(db: Kysely<any>, term: string, dialect: Dialect, cap: number, guard?: RawBuilder<boolean>): Promise<SearchHits | undefined> {
  if (!longEnough(term)) return undefined;
  const where = guard ?? sql<boolean>`1`;
  if (dialect === 'postgres') {
    const trigrams = PLAIN_ASCII.test(term) ? await rarestTrigrams(db, dialect, term, cap, where) : [];
    return trigrams.length ? { trigrams } : undefined;
  }
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  if (PLAIN_ASCII.test(term)) {
    const rarest = await rarestTrigrams(db, dialect, term, cap, where);
    if (rarest.length) {
      const query = rarest.map((trigram) => ftsPhrase(trigram)).join(' AND ');
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
  const text = shipmentText(table);
  if (hits && typeof hits === 'object' && 'trigrams' in hits) {
    // The index serves the rare trigrams; `|| ''` makes the whole term's check an expression the index does not match,
    // so the planner checks it on the rows found instead of looking up every trigram of it.
    const rare = hits.trigrams.map((trigram) => containsCI(text, trigram, dialect));
    return sql<boolean>`(${sql.join([...rare, containsCI(sql`(${text} || '')`, term, dialect)], sql` and `)})`;
  }
  if (!usesTrigrams(term, dialect) || hits === 'many') return containsCI(text, term, dialect);
  const id = sql.ref(`${table}.id`);
  if (Array.isArray(hits)) return sql<boolean>`${id} in (select value from json_each(${JSON.stringify(hits)}))`;
  if (hits) return sql<boolean>`(${id} in (select value from json_each(${JSON.stringify(hits.candidates)})) and ${containsCI(text, term, dialect)})`;
  const fts = sql.table(SHIPMENT_SEARCH_TABLE);
  return sql<boolean>`${id} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`;
}
