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

/** What the trigram index found for a term before the list query runs: the matching ids, or `many` (over a cap). */
export type SearchHits = number[] | 'many';

const usesTrigrams = (term: string, dialect: Dialect) => dialect === 'sqlite' && [...term].length >= TRIGRAM_MIN_LENGTH;
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * SQLite: asks the FTS5 table for at most `cap` + 1 matching ids (`guard`: the list time limit). A rare term
 * answers its ids; a common one `many`: then walking the sort's index and checking the text finds a page in a few
 * hundred rows, whereas looking up and sorting thousands of matches would cost far more. PostgreSQL and short
 * terms: undefined (the planner, or a scan, decides).
 */
export async function shipmentSearchHits(db: Kysely<any>, term: string, dialect: Dialect, cap: number, guard?: RawBuilder<boolean>): Promise<SearchHits | undefined> {
  if (!usesTrigrams(term, dialect)) return undefined;
  const table = sql.table(SHIPMENT_SEARCH_TABLE);
  const { rows } = await sql<{ id: number }>`select rowid as id from ${table} where ${guard ?? sql`1`} and ${table} match ${ftsPhrase(term)} limit ${cap + 1}`.execute(db);
  return rows.length > cap ? 'many' : rows.map((r) => r.id);
}

/**
 * Condition on `table.id` (a shipments alias) matching `term` anywhere in the search text. PostgreSQL: ILIKE on
 * the indexed expression (pg_trgm serves it from 3 characters). SQLite: the ids the index found (`hits`), LIKE on the
 * text for a common term or a term under 3 characters, else an FTS5 trigram phrase (substring, case-insensitive).
 */
export function shipmentSearch(table: string, term: string, dialect: Dialect, hits?: SearchHits): RawBuilder<boolean> {
  const text = sql.raw(`(${searchTextSql(`${table}.`)})`);
  if (!usesTrigrams(term, dialect) || hits === 'many') return containsCI(text, term, dialect);
  const id = sql.ref(`${table}.id`);
  if (hits) return sql<boolean>`${id} in (select value from json_each(${JSON.stringify(hits)}))`;
  const fts = sql.table(SHIPMENT_SEARCH_TABLE);
  return sql<boolean>`${id} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`;
}
