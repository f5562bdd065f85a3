/**
 * The scheduler's package pass runs every minute on the cluster primary, whatever the network's size: its queries
 * must be served by indexes, never by reading every waiting package. The reminder query compares reminder_sent_for
 * with expires_at: migration 030's index carries it, so packages already reminded are skipped in the index (on the
 * bench network, 120,000 packages waiting: 70-180 ms a minute before, about 12 ms after).
 */
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { MIGRATIONS, migrateToLatest } from '../../api/db/migrate.js';
import { dueExpiriesQuery, dueRemindersQuery } from '../../api/jobs/package-expiry.job.js';
import { dueStorageReturnsQuery } from '../../api/lockers/temporary-storage.service.js';

describe.skipIf(process.env.TEST_DB === 'postgres')('scheduled package pass (SQLite plans)', () => {
  it('finds due reminders and expiries through the (status, expires_at, reminder_sent_for) index', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database);
      const plan = async (query: { compile(): CompiledQuery }) => {
        const compiled = query.compile();
        const { rows } = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
        return rows.map((r) => r.detail).join(' | ');
      };
      const now = new Date('2026-11-29T12:00:00Z');
      const reminders = await plan(dueRemindersQuery(database.db, now));
      expect(reminders).toMatch(/SEARCH packages USING INDEX packages_expires_reminder \(status=\? AND expires_at>\? AND expires_at<\?\)/);
      expect(reminders).not.toMatch(/TEMP B-TREE/);
      const expiries = await plan(dueExpiriesQuery(database.db, now));
      expect(expiries).toMatch(/SEARCH packages USING INDEX packages_expires_reminder \(status=\? AND expires_at<\?\)/);
      expect(expiries).not.toMatch(/TEMP B-TREE/);
      const returns = await plan(dueStorageReturnsQuery(database.db, now));
      expect(returns).toMatch(/^SEARCH packages USING INDEX packages_storage_return \(.*storage_return_at<\?\)$/);
    } finally {
      await database.close();
    }
  });

  // An analysed database (the bench's): without statistics the new index looked the most selective of all, and the
  // planner walked it for a status filter, then sorted every matching package instead of reading (status, updated_at).
  it('migration 030 gives the new index statistics where the database keeps them, and the status list keeps its index', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '030-'));
      await migrateToLatest(database, { migrations: before });
      const db = database.db as any;
      await sql`pragma foreign_keys = off`.execute(db); // packages alone are enough for the planner's statistics
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
        insert into packages (shipment_id, merchant_id, barcode, status, size, created_at, updated_at, expires_at)
        select 1 + i / 5, 1 + i % 7, 'LP' || i, 90 * (i % 3 = 0) + (i % 8) * 10 * (i % 3 <> 0), 'small', '2026-01-01', printf('2026-%02d-01', 1 + i % 12), printf('2026-%02d-02', 1 + i % 12) from n`.execute(db);
      await sql`analyze`.execute(db);
      await migrateToLatest(database);
      const stats = await sql<{ idx: string }>`select idx from sqlite_stat1 where tbl = 'packages'`.execute(db);
      expect(stats.rows.map((r) => r.idx)).toContain('packages_expires_reminder');
      const { rows } = await sql<{ detail: string }>`explain query plan select id from packages where status in (90) order by updated_at desc, id desc limit 25`.execute(db);
      expect(rows.map((r) => r.detail).join(' | ')).toMatch(/packages_status_updated/);
      // storage_return_at is NULL but while a package waits in temporary storage: the partial index holds those alone.
      expect(stats.rows.map((r) => r.idx)).toContain('packages_storage_return');
      const compiled = dueStorageReturnsQuery(database.db, new Date('2026-06-01T00:00:00Z')).compile();
      const returns = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      expect(returns.rows.map((r) => r.detail).join(' | ')).toMatch(/USING INDEX packages_storage_return/);
    } finally {
      await database.close();
    }
  });

  it('migration 030 leaves a database without statistics without them', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database);
      const stats = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(database.db);
      expect(Number(stats.rows[0]!.n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
