/**
 * Multi-row INSERT and UPDATE for bulk writes (imports, the campaign scheduler), built without Kysely's
 * per-value query nodes. Rows go as bound parameters of `values (…), (…)` tuples; a call is split into
 * statements that stay under the parameter limits (SQLite 32,766, PostgreSQL 65,535), and the caller's
 * transaction makes them one write.
 * - PostgreSQL: as many rows per statement as MAX_PARAMETERS allows (a round trip per statement is the cost).
 *   An update reads its rows from one JSON parameter, `json_array_elements($1::json)`, each value cast to
 *   its column type (bare parameters in a VALUES list would be read as text).
 * - SQLite: statements of 2^k rows (at most SQLITE_ROWS), so a table and column list has a handful of
 *   statement texts, prepared once and reused (api/db/database.ts caches them). A statement with thousands of
 *   `?` compiles to a large native program that better-sqlite3 frees only when V8 collects it; one JSON
 *   parameter (`json_each`) keeps the statement small too, but re-parsing every value costs more than binding.
 */
import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Values per statement (under SQLite's 32,766 and PostgreSQL's 65,535 parameters). */
export const MAX_PARAMETERS = 30_000;
/** Most rows per SQLite statement. */
const SQLITE_ROWS = 256;

const statements = new Map<string, string>();

const quote = (name: string) => `"${name}"`;
const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

function cached(key: string, build: () => string): string {
  let text = statements.get(key);
  if (!text) statements.set(key, (text = build()));
  return text;
}

/** `(?, ?), (?, ?)` or `($1, $2), ($3, $4)`: `rows` tuples of `width` parameters. */
function tuples(postgres: boolean, rows: number, width: number): string {
  let n = 0;
  const parameter = postgres ? () => `$${++n}` : () => '?';
  return Array.from({ length: rows }, () => `(${Array.from({ length: width }, parameter).join(', ')})`).join(', ');
}

/**
 * Splits `total` rows of `width` values into statement sizes: PostgreSQL as few as the parameter limit
 * allows; SQLite powers of two up to SQLITE_ROWS (a few statement texts per shape, all reused).
 */
function statementSizes(postgres: boolean, total: number, width: number): number[] {
  const most = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, width)));
  const sizes: number[] = [];
  if (postgres) {
    for (let left = total; left > 0; left -= most) sizes.push(Math.min(most, left));
    return sizes;
  }
  let size = 1;
  while (size * 2 <= Math.min(most, SQLITE_ROWS)) size *= 2;
  for (let left = total; left > 0; left -= size) {
    while (size > left) size /= 2;
    sizes.push(size);
  }
  return sizes;
}

/** Runs `text(rows)` over consecutive slices of `rows`; returns the rows the statements return. */
async function inStatements<R>(db: Db, postgres: boolean, rows: readonly unknown[][], width: number, text: (count: number) => string, params: (slice: readonly unknown[][]) => unknown[]): Promise<R[]> {
  const out: R[] = [];
  let at = 0;
  for (const size of statementSizes(postgres, rows.length, width)) {
    const slice = rows.slice(at, (at += size));
    const result = await db.executeQuery<R>(CompiledQuery.raw(text(size), params(slice)));
    out.push(...result.rows);
  }
  return out;
}

/** The values of `rows`, flattened (undefined becomes null). */
function flat(rows: readonly unknown[][]): unknown[] {
  const values: unknown[] = [];
  for (const row of rows) for (const value of row) values.push(value === undefined ? null : value);
  return values;
}

export interface InsertOptions {
  /** `on conflict (<columns>) do nothing`: a row clashing with that unique key is skipped (and not returned). */
  ignoreConflictOn?: readonly string[];
}

/** Inserts `rows` (values in `columns` order) and returns the `returning` columns of the inserted rows, in order. */
export function insertRows<R = Record<string, unknown>>(
  db: Db,
  table: keyof Database & string,
  columns: readonly string[],
  rows: readonly unknown[][],
  returning: readonly string[] = [],
  options: InsertOptions = {},
): Promise<R[]> {
  const postgres = isPostgres(db);
  const conflict = options.ignoreConflictOn ?? [];
  const text = (count: number) =>
    cached(`insert|${postgres ? 'pg' : 'sqlite'}|${table}|${columns.join(',')}|${count}|${returning.join(',')}|${conflict.join(',')}`, () => {
      const onConflict = conflict.length ? ` on conflict (${conflict.map(quote).join(', ')}) do nothing` : '';
      const back = returning.length ? ` returning ${returning.map(quote).join(', ')}` : '';
      return `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values ${tuples(postgres, count, columns.length)}${onConflict}${back}`;
    });
  return inStatements<R>(db, postgres, rows, columns.length, text, flat);
}

/** The SQL type of a column as PostgreSQL reads the value (SQLite takes bound values as they are). */
export type ColumnType = 'integer' | 'text';

export interface RowsUpdate {
  /** The column identifying a row (a unique key), and its type. */
  key: readonly [string, ColumnType];
  /** Columns written. */
  set: readonly (readonly [string, ColumnType])[];
  /** Compare-and-set: a row is written only while these columns still hold the given values (null-safe). */
  match?: readonly (readonly [string, ColumnType])[];
  returning?: readonly string[];
}

/**
 * Writes many rows, each its own values (`update … from <the rows> where key = …`): `rows` hold the key,
 * then the `set` values, then the `match` values. Returns the `returning` columns of the rows written;
 * rows whose key is missing or whose `match` columns changed are left alone (and not returned).
 */
export function updateRows<R = Record<string, unknown>>(db: Db, table: keyof Database & string, spec: RowsUpdate, rows: readonly unknown[][]): Promise<R[]> {
  const postgres = isPostgres(db);
  const match = spec.match ?? [];
  const width = 1 + spec.set.length + match.length;
  const names = (list: readonly (readonly [string, ColumnType])[]) => list.map(([name, type]) => `${name}:${type}`).join(',');
  const text = (count: number) =>
    cached(`update|${postgres ? 'pg' : 'sqlite'}|${table}|${names([spec.key])}|${names(spec.set)}|${names(match)}|${postgres ? 'json' : count}|${(spec.returning ?? []).join(',')}`, () => {
      const t = quote(table);
      // PostgreSQL: element i of the JSON row, cast; SQLite: column i+1 of the VALUES rows.
      const value = (i: number, type: ColumnType) => (postgres ? `("v"."r" ->> ${i})::${type}` : `"v"."column${i + 1}"`);
      const same = postgres ? 'is not distinct from' : 'is';
      const set = spec.set.map(([name, type], i) => `${quote(name)} = ${value(i + 1, type)}`);
      const where = [`${t}.${quote(spec.key[0])} = ${value(0, spec.key[1])}`, ...match.map(([name, type], i) => `${t}.${quote(name)} ${same} ${value(1 + spec.set.length + i, type)}`)];
      const from = postgres ? `json_array_elements($1::json) as "v"("r")` : `(values ${tuples(false, count, width)}) as "v"`;
      const back = spec.returning?.length ? ` returning ${spec.returning.map((name) => `${t}.${quote(name)}`).join(', ')}` : '';
      return `update ${t} set ${set.join(', ')} from ${from} where ${where.join(' and ')}${back}`;
    });
  return inStatements<R>(db, postgres, rows, width, text, postgres ? (slice) => [JSON.stringify(slice)] : flat);
}
