/**
 * The scheduler's package pass (api/jobs/package-expiry.job.ts, api/lockers/temporary-storage.service.ts) runs every
 * minute on the cluster primary; on the bench network (1,000,000 packages, 120,000 waiting to be collected) an idle
 * pass cost 70-180 ms of CPU, taken from the HTTP workers on a small machine:
 * - the reminder query compared reminder_sent_for row by row: (status, expires_at) now carries it, so packages
 *   already reminded are passed over in the index (about 7 ms). It replaces (status, expires_at), its prefix;
 * - the temporary-storage return read packages by status and sorted them (27-55 ms): storage_return_at is set only
 *   while a package waits in temporary storage, and analysed SQLite counted the all-NULL index as matching every
 *   row. The index now holds the packages that have one (partial), so the pass reads only those.
 *
 * A SQLite database whose tables were analysed (sqlite_stat1, e.g. the bench's) gets the new indexes' statistics at
 * once: an index without them looks to SQLite's planner like the most selective one there is, and it chose the
 * reminder index for a status filter and then sorted every matching package (the packages-by-status list fell from
 * 7,000 to 256 req/s). A database never analysed is left so: statistics for some indexes only would skew the planner.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('packages_expires_reminder').on('packages').columns(['status', 'expires_at', 'reminder_sent_for']).execute();
  await db.schema.dropIndex('packages_expires').execute();
  await db.schema.dropIndex('packages_storage_return').execute();
  await db.schema.createIndex('packages_storage_return').on('packages').column('storage_return_at').where('storage_return_at', 'is not', null).execute();
  if (dialect === 'sqlite' && (await analysed(db, 'packages'))) {
    await sql`analyze packages_expires_reminder`.execute(db);
    await sql`analyze packages_storage_return`.execute(db);
  }
}

/** Whether SQLite keeps planner statistics for `table`'s indexes. */
async function analysed(db: Kysely<any>, table: string): Promise<boolean> {
  const stats = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
  if (!stats.rows[0]?.n) return false;
  const rows = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = ${table}`.execute(db);
  return Number(rows.rows[0]?.n) > 0;
}
