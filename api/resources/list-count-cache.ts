/**
 * Capped list totals, remembered for a moment (docs/resources.md, "Totals"). A list's count reads up to
 * COUNT_CAP + 1 rows; when it finds more than COUNT_CAP the answer is only "over the cap" (`meta.totalCapped`), and
 * that answer stays true until hundreds of rows leave the list. So a capped total is kept per database handle, per
 * list (table, filters, search, scope) and per user (tenant restriction, locations) for LIST_COUNT_CACHE_MS (2 s by
 * default; 0 turns it off) and the next pages and reloads of that list skip the count. Exact totals (at most
 * COUNT_CAP rows) are never kept: they are counted on every request.
 */
import type { Kysely } from 'kysely';
import type { RequestActor } from '../http/context.js';

/** How long a capped total is reused, read when used so a test can change it. */
export const countCacheMs = (): number => {
  const ms = Number(process.env.LIST_COUNT_CACHE_MS);
  return process.env.LIST_COUNT_CACHE_MS !== undefined && Number.isFinite(ms) && ms >= 0 ? ms : 2_000;
};

/** Lists remembered per database handle; the oldest are dropped beyond this. */
const MAX_ENTRIES = 1_000;

const caches = new WeakMap<Kysely<any>, Map<string, number>>();

/** The key of one list as one user sees it (what the count's WHERE depends on). */
export function countKey(table: string, actor: RequestActor, listed: { filters: unknown; search: string; scope: string; recordAccess?: boolean }): string {
  return JSON.stringify([table, actor.id, actor.role, actor.merchant_id ?? null, actor.location_ids ?? null, listed.filters, listed.search, listed.scope, listed.recordAccess === true]);
}

/** Whether the list of `key` was found over the cap less than countCacheMs() ago. */
export function knownCapped(db: Kysely<any>, key: string, now = Date.now()): boolean {
  const until = caches.get(db)?.get(key);
  return until !== undefined && until > now;
}

/** Remembers that the list of `key` is over the cap. */
export function rememberCapped(db: Kysely<any>, key: string, now = Date.now()): void {
  const ttl = countCacheMs();
  if (ttl <= 0) return;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  cache.delete(key);
  cache.set(key, now + ttl);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
