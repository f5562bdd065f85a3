/**
 * Opens the database: embedded SQLite by default (file under data/), PostgreSQL when a
 * postgres:// URL is given. Returns the Kysely instance and which dialect it speaks.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, SqliteDialect, PostgresDialect } from 'kysely';
import type { Database } from './tables.js';
import type { Dialect } from './dialect.js';
import { watchedPool } from './pg-writes.js';
import { listenOn } from './pg-listen.js';
import { preparingClient } from './pg-prepared.js';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * Calls `listener` whenever this process writes, with the table written (undefined when the statement could
   * change anything, e.g. DDL). Returns the unsubscribe function. In-process caches use it. SQLite: when the write
   * is prepared, before it runs (one connection: nothing else reads in between); PostgreSQL: once it is committed
   * (pg-writes.ts).
   */
  watchWrites?(listener: WriteListener): () => void;
  /**
   * For a WriteListener: runs `fn` right after the write is committed. SQLite (the listener hears of a write when it
   * is prepared): in a microtask after the statement itself (outside a transaction) or after the transaction's
   * COMMIT (or ROLLBACK), before the code that awaited either goes on. PostgreSQL: in a microtask (already committed).
   */
  afterCommit?(fn: () => void): void;
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection that reconnects (pg-listen.ts); `onNotify` runs
   * on every NOTIFY and after each (re)connection. Returns the function that stops listening.
   */
  listen?(channel: string, onNotify: () => void, onError: (error: unknown) => void): () => void;
  /** SQLite only: copies the write-ahead log into the database file without blocking readers or writers. */
  checkpoint?(): void;
}

export type WriteListener = (table: string | undefined) => void;

/**
 * The time limit of a list query (docs/resources.md, "Time limit"), LIST_TIMEOUT_MS (1,000 ms by default), read
 * when used so a test can force a tiny one. PostgreSQL: `statement_timeout` of the list pool; SQLite: the
 * `list_guard(deadline)` function the list engine puts first in its WHERE, called for every row the query reads.
 */
export const listTimeoutMs = (): number => {
  const ms = Number(process.env.LIST_TIMEOUT_MS);
  return process.env.LIST_TIMEOUT_MS && Number.isFinite(ms) && ms >= 1 ? ms : 1_000;
};

/** Thrown by SQLite's `list_guard` once its deadline has passed (the list engine answers `list.timeout`). */
export class ListTimeoutError extends Error {
  constructor() {
    super('list query time limit reached');
  }
}

const listReaders = new WeakMap<Kysely<Database>, Kysely<Database>>();
/**
 * The handle list queries read through: on PostgreSQL a pool of its own whose sessions carry the list
 * `statement_timeout` (no extra round trip per request); on SQLite the database itself (the guard is in the SQL).
 */
export const listReader = (db: Kysely<Database>): Kysely<Database> => listReaders.get(db) ?? db;

export interface DbOptions {
  /** postgres://... for PostgreSQL; otherwise a SQLite file path (or ':memory:'). */
  url?: string;
  sqliteFile?: string;
  /**
   * SQLite: false turns off the automatic WAL checkpoint of this connection (the commit that crosses 1,000 WAL
   * pages would otherwise copy them into the file itself, a few ms on a request's path); whoever sets it must call
   * checkpoint() regularly (api/main.ts does it in the cluster primary).
   */
  autoCheckpoint?: boolean;
}

/** The page cache a connection gets without SQLITE_CACHE_MB: 64 MB in a server; bulk processes ask for less. */
let defaultCacheMb = 64;

/**
 * How much of the database file SQLite reads through memory: `mmap_size` (SQLITE_MMAP_MB, 1024 by default; 0 turns it
 * off) maps the file so a page read is a memory read instead of a read() call into a private copy, and `cache_size`
 * (SQLITE_CACHE_MB, 64) is the per-connection cache of pages (the default 2 MB holds a sliver of a large table's
 * index). On a 1,000,000-package database a list page read 75 pages through read() calls (docs/database.md).
 */
export function sqliteMemoryPragmas(env: NodeJS.ProcessEnv = process.env): string[] {
  const mb = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isInteger(value) && value >= 0 ? value : fallback;
  };
  return [`mmap_size = ${mb('SQLITE_MMAP_MB', 1024) * 1024 * 1024}`, `cache_size = ${-mb('SQLITE_CACHE_MB', defaultCacheMb) * 1024}`];
}


/**
 * For a process that runs one bulk import or export (the CLI commands, the bench): connections opened after this get
 * a 16 MB page cache. A long write transaction fills a large cache with dirty pages that SQLite would spill anyway:
 * a 100,000-row import ran as fast with 16 MB (6.6 s) and peaked ~35 MB lower. The server keeps 64 MB for its lists.
 */
export function preferBulkPageCache(): void {
  defaultCacheMb = 16;
}

export async function openDatabase(options: DbOptions = {}): Promise<Db> {
  const url = options.url;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pg = (await import('pg')).default;
    // BIGINT counts come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle client can be cut off by the server (restart, failover, admin command); pg emits that on the
    // pool, and an unhandled 'error' event would crash the process. The pool replaces the client itself.
    pool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
    // Writes are reported (after their commit) so the actor cache works as on SQLite (pg-writes.ts).
    const watched = watchedPool(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watched.pool }) });
    const listPool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.PG_POOL_MAX ?? 10),
      statement_timeout: listTimeoutMs(),
      // List statements are prepared once per connection (pg-prepared.ts); PG_PREPARE=0 sends them unnamed.
      ...(process.env.PG_PREPARE === '0' ? {} : { Client: preparingClient(pg.Client) }),
    });
    listPool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
    const lists = new Kysely<Database>({ dialect: new PostgresDialect({ pool: listPool }) });
    listReaders.set(db, lists);
    return {
      db,
      dialect: 'postgres',
      close: async () => void (await Promise.all([db.destroy(), lists.destroy()])),
      watchWrites: watched.watchWrites,
      afterCommit: watched.afterCommit,
      listen: (channel, onNotify, onError) => listenOn(pg.Client, url, channel, onNotify, onError),
    };
  }
  const file = options.sqliteFile ?? 'data/lockerline.sqlite';
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const SqliteDatabase = (await import('better-sqlite3')).default;
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  if (options.autoCheckpoint === false) sqlite.pragma('wal_autocheckpoint = 0');
  for (const pragma of sqliteMemoryPragmas()) sqlite.pragma(pragma);
  sqlite.function('list_guard', { deterministic: false }, (deadline: unknown) => {
    if (Date.now() > Number(deadline)) throw new ListTimeoutError();
    return 1;
  });
  const listeners = new Set<WriteListener>();
  const onWrite = (table: string | undefined) => {
    for (const listener of listeners) listener(table);
  };
  let untilCommit: (() => void)[] = [];
  const onTransactionEnd = () => {
    const due = untilCommit;
    untilCommit = [];
    for (const fn of due) queueMicrotask(fn);
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, onWrite, onTransactionEnd) }) });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    checkpoint: () => void sqlite.pragma('wal_checkpoint(PASSIVE)'),
    afterCommit(fn) {
      // Kysely runs a statement synchronously right after preparing it, so a microtask queued now runs after it.
      if (sqlite.inTransaction) untilCommit.push(fn);
      else queueMicrotask(fn);
    },
    watchWrites(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type SqliteHandle = InstanceType<typeof import('better-sqlite3')>;
type SqliteStatement = ReturnType<SqliteHandle['prepare']>;

/** How many distinct SQL texts keep a prepared statement (`in (?, ?, …)` lists make a few variants per query). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls prepare() for every query; compiling the SQL is a large share of a short
 * query's cost. This hands Kysely a database whose prepare() reuses statements by SQL text (least recently
 * used ones are dropped beyond STATEMENT_CACHE_SIZE). Parameters are bound per call, so reuse is safe; a
 * statement still being iterated (streamed) is busy, and then a fresh one is prepared instead.
 */
export function withStatementCache(
  sqlite: SqliteHandle,
  size = STATEMENT_CACHE_SIZE,
  onWrite?: WriteListener,
  /** Called when a COMMIT, END or ROLLBACK is prepared (it runs right after, in the same tick). */
  onTransactionEnd?: () => void,
): { prepare(sql: string): SqliteStatement; close(): void } {
  const cache = new Map<string, { stmt: SqliteStatement; writes: string | null | undefined; endsTransaction: boolean; rows?: SqliteStatement }>();
  return {
    prepare(text: string) {
      let entry = cache.get(text);
      if (entry) {
        cache.delete(text); // re-insert: Map order is the recency order
        cache.set(text, entry);
      } else {
        entry = { stmt: sqlite.prepare(text), writes: writtenTable(text), endsTransaction: /^\s*(commit|end|rollback)\b(\s+transaction)?\s*;?\s*$/i.test(text) };
        cache.set(text, entry);
        if (cache.size > size) cache.delete(cache.keys().next().value!);
      }
      // Kysely runs the statement right after preparing it, in the same tick.
      if (entry.writes !== null) onWrite?.(entry.writes);
      else if (entry.endsTransaction) onTransactionEnd?.();
      // A cached statement still being iterated (streamed) is busy: use a fresh one this time.
      if (entry.stmt.busy) return sqlite.prepare(text);
      if (!entry.stmt.reader) return entry.stmt;
      entry.rows ??= withRowObjects(entry.stmt);
      return entry.rows;
    },
    close() {
      cache.clear();
      sqlite.close();
    },
  };
}


/**
 * A reading statement whose all() reads rows as arrays and builds the objects in JavaScript: better-sqlite3 sets
 * each column of a row object through the V8 API, which made a 25-row, 22-column list page cost about 1.4x the
 * array read. Same objects (later columns of the same name win, as in better-sqlite3); iterate() and the rest are
 * the statement's own.
 */
function withRowObjects(stmt: SqliteStatement): SqliteStatement {
  const names = stmt.columns().map((c) => c.name);
  const arrays = stmt.database.prepare(stmt.source).raw(true);
  const rowOf = rowFactory(names);
  const all = (...parameters: unknown[]) => {
    const read = (arrays.busy ? stmt.database.prepare(stmt.source).raw(true) : arrays).all(...(parameters as [])) as unknown[][];
    const rows = new Array<Record<string, unknown>>(read.length);
    for (let r = 0; r < read.length; r++) rows[r] = rowOf(read[r]!);
    return rows;
  };
  // What Kysely's SQLite driver uses of a statement: reader, all, run and iterate (streams).
  return { reader: true, all, run: stmt.run.bind(stmt), iterate: stmt.iterate.bind(stmt), source: stmt.source, database: stmt.database } as unknown as SqliteStatement;
}

/**
 * A function building one statement's row object from its array of values with an object literal of its columns
 * (`{ "id": v[0], "name": v[1], … }`, names quoted with JSON.stringify): V8 gives all such rows one fixed shape, so
 * building them, adding the list's related names and JSON.stringify cost a 25-row, 22-column page ~25 µs instead of
 * ~80-100 µs when the keys were added one by one. Plain objects; a repeated column name keeps its last value.
 */
export function rowFactory(names: readonly string[]): (values: readonly unknown[]) => Record<string, unknown> {
  // A literal's "__proto__" key would set the prototype: such a column is set as an own property, one by one.
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {};
      names.forEach((name, c) => Object.defineProperty(row, name, { value: values[c], writable: true, enumerable: true, configurable: true }));
      return row;
    };
  }
  // The body holds only the quoted column names and indexes.
  return new Function('v', `return { ${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')} };`) as (values: readonly unknown[]) => Record<string, unknown>;
}

/** null: the statement writes nothing; a table name; undefined: it may write anything (DDL, a CTE write, …). */
export function writtenTable(text: string): string | null | undefined {
  const head = text.trimStart().slice(0, 12).toLowerCase();
  if (head.startsWith('select') || head.startsWith('explain')) return null;
  if (/^(begin|commit|end|rollback|savepoint|release|pragma)\b/.test(head)) return null;
  const target = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?/i.exec(text);
  return target ? target[1].toLowerCase() : undefined;
}
