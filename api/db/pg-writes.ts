/**
 * PostgreSQL: a pool for Kysely that reports this process's writes (Db.watchWrites), so in-process caches (the
 * actor cache, api/auth/actor-cache.ts) work as on SQLite. A listener hears of a write once it is committed: right
 * after the statement outside a transaction, after COMMIT (or ROLLBACK) inside one. Hearing of it only then matters
 * with a pool: another connection may read the old rows until the commit, so a cache emptied earlier could be
 * refilled with them. Writes are recognised from the SQL text like SQLite's (`writtenTable`): a statement that
 * could write anything (DDL, a CTE write) is reported as `undefined`.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { writtenTable, type WriteListener } from './database.js';

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|end|rollback)\b(\s+(transaction|work))?\s*;?\s*$/i;

export interface WatchedPool {
  pool: PostgresPool;
  watchWrites(listener: WriteListener): () => void;
  /** Listeners hear of writes after the commit already: `fn` runs in a microtask. */
  afterCommit(fn: () => void): void;
}

export function watchedPool(pool: PostgresPool): WatchedPool {
  const listeners = new Set<WriteListener>();
  const notify = (tables: Iterable<string | undefined>) => {
    for (const table of tables) for (const listener of listeners) listener(table);
  };

  const watch = (client: PostgresPoolClient): PostgresPoolClient => {
    let inTransaction = false;
    const written = new Set<string | undefined>();
    const query = ((text: unknown, parameters?: unknown) => {
      const run = () => (client.query as (t: unknown, p?: unknown) => Promise<unknown>)(text, parameters);
      if (typeof text !== 'string') return run(); // a cursor (streamed select)
      if (BEGIN.test(text)) {
        inTransaction = true;
        return run();
      }
      if (END.test(text)) {
        const result = run();
        const done = () => {
          inTransaction = false;
          const tables = [...written];
          written.clear();
          notify(tables);
        };
        void result.then(done, done);
        return result;
      }
      const table = writtenTable(text);
      if (table === null) return run();
      if (inTransaction) {
        written.add(table);
        return run();
      }
      const result = run();
      void result.then(() => notify([table]), () => notify([table]));
      return result;
    }) as PostgresPoolClient['query'];
    return { query, release: () => client.release() };
  };

  return {
    pool: {
      connect: async () => watch(await pool.connect()),
      end: () => pool.end(),
    },
    watchWrites(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    afterCommit(fn) {
      queueMicrotask(fn);
    },
  };
}
