/**
 * Start-up work (migrations, the demo seed) under one database-wide lock, so any number of processes can
 * start together on an empty database: the first one prepares it, the others wait and then find it done.
 *
 * PostgreSQL: a session advisory lock held on one pooled connection while `work` runs on the pool (the lock
 * only excludes other holders of the same key, never ordinary queries). SQLite: one `BEGIN IMMEDIATE`
 * transaction on the single connection, which takes the database's write lock at once (other processes wait
 * on busy_timeout, then see the committed result); `work` then runs inside it and must not open a transaction
 * of its own (`inTransaction`).
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './tables.js';

/** How long a process waits for another one's start-up work on SQLite (each try waits busy_timeout, 5 s). */
const SQLITE_WAIT_MS = 180_000;

/** BEGIN IMMEDIATE, tried again while another process holds the write lock (a demo seed can outlast busy_timeout). */
async function beginImmediate(conn: Kysely<Database>): Promise<void> {
  const deadline = Date.now() + SQLITE_WAIT_MS;
  for (;;) {
    try {
      await sql`begin immediate`.execute(conn);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50)); // (the busy wait itself blocks this process)
    }
  }
}

/** The advisory lock key of start-up work (any constant: "LLST" in ASCII). */
const STARTUP_LOCK_KEY = 0x4c4c5354;

export interface StartupScope {
  db: Kysely<Database>;
  /** True when `db` already runs in the lock's transaction (SQLite): do not begin another. */
  inTransaction: boolean;
}

export async function underStartupLock<T>(database: Pick<Db, 'db' | 'dialect'>, work: (scope: StartupScope) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
      try {
        return await work({ db: database.db, inTransaction: false });
      } finally {
        await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
      }
    });
  }
  return database.db.connection().execute(async (conn) => {
    await beginImmediate(conn);
    try {
      const result = await work({ db: conn, inTransaction: true });
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
