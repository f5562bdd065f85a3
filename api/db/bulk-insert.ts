/**
 * Multi-row INSERT for bulk writes (imports), built without Kysely's per-value query nodes:
 * - PostgreSQL: `insert ... values ($1, ...), (...)`, one statement text per shape, reused.
 * - SQLite: the rows go as ONE JSON parameter, `insert ... select value ->> 0, ... from json_each(?)`:
 *   a small, constant statement whatever the row count (a statement with thousands of `?` compiles to a
 *   large native program that better-sqlite3 frees only when V8 collects the statement object).
 */
import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

const statements = new Map<string, string>();

const quote = (name: string) => `"${name}"`;

function statement(postgres: boolean, table: string, columns: readonly string[], rows: number, returning: readonly string[]): string {
  const key = `${postgres ? 'pg' : 'sqlite'}|${table}|${columns.join(',')}|${postgres ? rows : 'json'}|${returning.join(',')}`;
  let text = statements.get(key);
  if (!text) {
    const into = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) `;
    const back = returning.length ? ` returning ${returning.map(quote).join(', ')}` : '';
    if (postgres) {
      let n = 0;
      const tuple = () => `(${columns.map(() => `$${++n}`).join(', ')})`;
      text = `${into}values ${Array.from({ length: rows }, tuple).join(', ')}${back}`;
    } else {
      // `where true` keeps SQLite's parser from reading the upsert clause into the SELECT.
      text = `${into}select ${columns.map((_, i) => `value ->> ${i}`).join(', ')} from json_each(?) where true order by key${back}`;
    }
    statements.set(key, text);
  }
  return text;
}

/** Inserts `rows` (values in `columns` order; at most ~30,000 values per call) and returns the `returning` columns. */
export async function insertRows<R = Record<string, unknown>>(
  db: Db,
  table: keyof Database & string,
  columns: readonly string[],
  rows: readonly unknown[][],
  returning: readonly string[] = [],
): Promise<R[]> {
  if (!rows.length) return [];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const text = statement(postgres, table, columns, rows.length, returning);
  let params: unknown[];
  if (postgres) {
    params = [];
    for (const row of rows) for (const value of row) params.push(value === undefined ? null : value);
  } else {
    params = [JSON.stringify(rows, (_key, value) => (value === undefined ? null : value))];
  }
  const result = await db.executeQuery<R>(CompiledQuery.raw(text, params));
  return result.rows;
}
