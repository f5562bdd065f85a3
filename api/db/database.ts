/**
 * Opens the database: embedded SQLite by default (file under data/), PostgreSQL when a
 * postgres:// URL is given. Returns the Kysely instance and which dialect it speaks.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, SqliteDialect, PostgresDialect } from 'kysely';
import type { Database } from './tables.js';
import type { Dialect } from './dialect.js';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... for PostgreSQL; otherwise a SQLite file path (or ':memory:'). */
  url?: string;
  sqliteFile?: string;
}

export async function openDatabase(options: DbOptions = {}): Promise<Db> {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    // BIGINT counts come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? 'data/lockerline.sqlite';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const SqliteDatabase = (await import('better-sqlite3')).default;
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

