/**
 * A very short-lived, in-process cache of signed-in actors by session id, so a burst of API calls from one
 * session does not reload the session, user, merchant and user_locations rows on every request.
 *
 * Safety rules (also in docs/testing.md, "Benchmark"):
 * - an entry lives at most ACTOR_CACHE_TTL_MS (2 s), measured on the process's monotonic clock;
 * - any write this process makes to a table the actor is built from (sessions, users, merchants,
 *   user_locations) or a statement that may change anything (DDL) empties the cache, so logout,
 *   deactivation, role, merchant-feature and location changes apply to the next request here; writes by
 *   other processes (a second worker, the CLI) apply within the TTL;
 * - an actor loaded while such a write happened is not stored (epoch check);
 * - the session's own expiry is still checked on every hit by the caller, and entries are frozen so no
 *   request can change what another one sees.
 * Only used where the database reports its writes (SQLite; see Db.watchWrites).
 */
import type { WriteListener } from '../db/database.js';
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

export class ActorCache {
  #entries = new Map<string, CachedActor & { loadedAt: number }>();
  #epoch = 0;

  constructor(private readonly ttlMs = ACTOR_CACHE_TTL_MS) {}

  /** Pass to Db.watchWrites. */
  readonly onWrite: WriteListener = (table) => {
    if (table === undefined || ACTOR_TABLES.has(table)) this.clear();
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
