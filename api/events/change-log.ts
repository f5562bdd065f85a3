/**
 * Reading and pruning the change log (migration 019; docs/live-updates.md). Rows are written by triggers in the
 * transaction of the change; ids grow monotonically. On PostgreSQL ids are taken before commit, so a reader can see
 * id 12 committed while 11 is still in flight: the reader (change-hub.ts) holds rows after such a gap for a moment.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { LiveResource } from '../../core/live.js';

/** The channel migration 019's PostgreSQL trigger NOTIFYs on. */
export const CHANGE_CHANNEL = 'lockerline_changes';

export interface ChangeRow {
  id: number;
  resource: LiveResource;
  record_id: number;
  merchant_id: number | null;
}

/** Rows after `afterId`, oldest first (at most `limit`). */
export async function changesAfter(db: Kysely<Database>, afterId: number, limit: number, upTo?: number): Promise<ChangeRow[]> {
  let q = db.selectFrom('change_log').select(['id', 'resource', 'record_id', 'merchant_id']).where('id', '>', afterId);
  if (upTo !== undefined) q = q.where('id', '<=', upTo);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }) as ChangeRow);
}

/** The newest id (0 when the log is empty). */
export async function lastChangeId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('change_log').select(sql<number | null>`max(id)`.as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Whether the log still holds everything after `id`: the oldest row kept is at most id + 1. */
export async function canResumeFrom(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('change_log').select([sql<number | null>`min(id)`.as('first'), sql<number | null>`max(id)`.as('last')]).executeTakeFirst();
  const first = row?.first == null ? null : Number(row.first);
  const last = Number(row?.last ?? 0);
  if (id > last) return false; // a resume point from the future: another database, or a restore
  return first === null || first <= id + 1;
}

/** Deletes the rows older than `retentionMs` (by the database's clock, which the triggers use too). */
export async function pruneChanges(db: Kysely<Database>, retentionMs: number, now = Date.now()): Promise<void> {
  await db.deleteFrom('change_log').where('created_at', '<', new Date(now - retentionMs).toISOString()).execute();
}
