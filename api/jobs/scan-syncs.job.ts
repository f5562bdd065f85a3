/**
 * Prunes the stored outcomes of synced scans (docs/offline-scanning.md) once they are older than
 * SCAN_SYNC_KEEP_DAYS: a resend that late carries a device time beyond SCAN_MAX_AGE_DAYS and is refused
 * `scan.too_old`, so forgetting its outcome can never apply it twice. Small batches, safe on several processes.
 */
import type { Kysely } from 'kysely';
import { SCAN_SYNC_KEEP_DAYS } from '../../core/policies/scans.policy.js';
import type { Database } from '../db/tables.js';

const BATCH = 1_000;

/** Deletes up to `limit` outcomes first handled before the keep window; returns how many. */
export async function pruneScanSyncs(db: Kysely<Database>, now: Date, limit = BATCH): Promise<number> {
  const before = new Date(now.getTime() - SCAN_SYNC_KEEP_DAYS * 86_400_000).toISOString();
  const old = db.selectFrom('scan_syncs').select('client_id').where('created_at', '<', before).orderBy('created_at').limit(limit);
  const res = await db.deleteFrom('scan_syncs').where('client_id', 'in', old).executeTakeFirst();
  return Number(res.numDeletedRows);
}
