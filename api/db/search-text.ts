/**
 * The shipments' name search index (migration 014, docs/resources.md "Search"): one text per shipment made of
 * the searched columns, indexed by trigrams so a case-insensitive "contains" is an index lookup, not a scan of
 * every row. SQLite keeps it in an FTS5 table (`tokenize='trigram'`, filled by triggers); PostgreSQL in a
 * pg_trgm GIN index on the same expression. The migration and the list query build the text here, so they match.
 */
import { sql, type RawBuilder } from 'kysely';
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

/**
 * Condition on `table.id` (a shipments alias) matching `term` anywhere in the search text. PostgreSQL: ILIKE on
 * the indexed expression (pg_trgm serves it from 3 characters). SQLite: an FTS5 trigram phrase (substring,
 * case-insensitive) from 3 characters, else LIKE on the text.
 */
export function shipmentSearch(table: string, term: string, dialect: Dialect): RawBuilder<boolean> {
  const text = sql.raw(`(${searchTextSql(`${table}.`)})`);
  if (dialect === 'postgres' || [...term].length < TRIGRAM_MIN_LENGTH) return containsCI(text, term, dialect);
  const phrase = `"${term.replace(/"/g, '""')}"`;
  return sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(SHIPMENT_SEARCH_TABLE)} where ${sql.table(SHIPMENT_SEARCH_TABLE)} match ${phrase})`;
}
