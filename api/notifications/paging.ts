/**
 * Paging of the small log endpoints (message log, webhook deliveries): page / perPage (defaults 1 and 25, at most
 * 100), newest first by id. A log is read and counted over its newest LOG_ROWS_CAP matching rows only: a busy network
 * sends millions of messages, and an offset or a count over all of them would hold a worker (issue 11). Past that the
 * total says "more than" (`totalCapped`, as the resource lists do) and a deeper page is a 422 on `page`; the filters
 * narrow the log instead.
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { fieldError } from '../resources/validate.js';

export const LOG_ROWS_CAP = 10_000;

export function pageOf(query: unknown): { page: number; perPage: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const int = (v: unknown, dflt: number, max: number) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : dflt;
  };
  const perPage = int(q.perPage, 25, 100);
  const lastPage = Math.floor(LOG_ROWS_CAP / perPage);
  const page = int(q.page, 1, 1_000_000);
  if (page > lastPage) fieldError('page', 'validation.between', 'validation.failed', { min: 1, max: lastPage });
  return { page, perPage, offset: (page - 1) * perPage };
}

/** How many rows `base` (a log's FROM and WHERE) matches, counted up to LOG_ROWS_CAP. */
export async function cappedTotal(db: Kysely<any>, base: SelectQueryBuilder<any, any, any>): Promise<{ total: number; totalCapped?: true }> {
  const head = base.select(sql<number>`1`.as('one')).limit(LOG_ROWS_CAP + 1).as('head');
  const { n } = await db.selectFrom(head).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n) > LOG_ROWS_CAP ? { total: LOG_ROWS_CAP, totalCapped: true } : { total: Number(n) };
}
