/**
 * A very short-lived, in-process cache of signed-in actors by session id, so a burst of API calls from one
 * session does not reload the session, user, merchant and user_locations rows on every request.
 *
 * Safety rules (also in docs/testing.md, "Benchmark"):
 * - an entry lives at most ACTOR_CACHE_TTL_MS (2 s), measured on the process's monotonic clock;
 * - any write this process makes to a table the actor is built from (sessions, users, merchants,
 *   user_locations) or a statement that may change anything (DDL) empties the cache, so logout,
 *   deactivation, role, merchant-feature and location changes apply to the next request here;
 * - in cluster mode (WEB_CONCURRENCY) such a write, once committed, is announced to the primary, which relays
 *   it to the other workers: they empty their caches within an IPC round trip (about a millisecond), not 2 s;
 *   writes by other processes (the CLI, another server) apply within the TTL;
 * - an actor loaded while such a write happened is not stored (epoch check);
 * - the session's own expiry is still checked on every hit by the caller, and entries are frozen so no
 *   request can change what another one sees.
 * Used where the database reports its writes (Db.watchWrites: SQLite, and PostgreSQL through api/db/pg-writes.ts,
 * which reports a write once it is committed, since other pool connections read the old rows until then).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Db, WriteListener } from '../db/database.js';
import type { RequestActor } from '../http/context.js';
import type { SessionRow } from './sessions.js';

export const ACTOR_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;
// Not `locations`: the actor holds only location ids (user_locations), and every scan updates locations.package_count.
const ACTOR_TABLES = new Set(['sessions', 'users', 'merchants', 'user_locations']);

export interface CachedActor {
  session: SessionRow;
  actor: RequestActor;
}

/** Other caches of the same database that must hear of this process's writes (the other cluster workers). */
export interface CachePeers {
  /** Tells the peers that an actor table was written (after the write commits). */
  announce(): void;
  /** Calls `onClear` when a peer announces a write; returns the unsubscribe function. */
  listen(onClear: () => void): () => void;
}

export class ActorCache {
  #entries = new Map<string, CachedActor & { loadedAt: number }>();
  #epoch = 0;

  constructor(
    private readonly ttlMs = ACTOR_CACHE_TTL_MS,
    private readonly peers?: CachePeers,
  ) {}

  /** Pass to Db.watchWrites. */
  readonly onWrite: WriteListener = (table) => {
    if (table !== undefined && !ACTOR_TABLES.has(table)) return;
    this.clear();
    this.peers?.announce();
  };

  /** Read before loading; hand back to set() so a load that raced a write is not cached. */
  get epoch(): number {
    return this.#epoch;
  }

  clear(): void {
    this.#epoch++;
    this.#entries.clear();
  }

  get(sessionId: string): CachedActor | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (performance.now() - entry.loadedAt > this.ttlMs) {
      this.#entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  set(sessionId: string, value: CachedActor, epochAtLoad: number): void {
    if (epochAtLoad !== this.#epoch) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    const { actor, session } = value;
    Object.freeze(actor.user);
    Object.freeze(actor.location_ids);
    this.#entries.set(sessionId, { session: Object.freeze(session), actor: Object.freeze(actor), loadedAt: performance.now() });
  }
}

/** The cluster message that a worker wrote to an actor table. */
const CLEAR_MESSAGE = { lockerline: 'actor-cache-clear' } as const;
const isClearMessage = (message: unknown) => (message as { lockerline?: unknown } | null)?.lockerline === CLEAR_MESSAGE.lockerline;

/**
 * A cluster worker's peers: announcements go to the primary (relayActorCacheClears) once the write is
 * committed, at most one per write burst; the primary's relays empty this worker's cache. Undefined outside
 * a cluster worker.
 */
export function clusterPeers(database: Pick<Db, 'afterCommit'>): CachePeers | undefined {
  if (!cluster.isWorker || !process.send || !database.afterCommit) return undefined;
  let pending = false;
  return {
    announce() {
      if (pending) return;
      pending = true;
      database.afterCommit!(() => {
        pending = false;
        if (process.connected) process.send!(CLEAR_MESSAGE);
      });
    },
    listen(onClear) {
      const onMessage = (message: unknown) => isClearMessage(message) && onClear();
      process.on('message', onMessage);
      return () => process.off('message', onMessage);
    },
  };
}

/** Cluster primary: relays `worker`'s announcements to every other worker. */
export function relayActorCacheClears(worker: Worker, workers: () => (Worker | undefined)[]): void {
  worker.on('message', (message: unknown) => {
    if (!isClearMessage(message)) return;
    for (const other of workers()) if (other && other !== worker && other.isConnected()) other.send(CLEAR_MESSAGE);
  });
}
