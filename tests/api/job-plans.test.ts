/**
 * The scheduler's package pass runs every minute on the cluster primary, whatever the network's size: its queries
 * must be served by indexes, never by reading every waiting package. The reminder query compares reminder_sent_for
 * with expires_at: migration 030's index carries it, so packages already reminded are skipped in the index (on the
 * bench network, 120,000 packages waiting: 70-180 ms a minute before, about 12 ms after).
 */
import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { dueExpiriesQuery, dueRemindersQuery } from '../../api/jobs/package-expiry.job.js';

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
    } finally {
      await database.close();
    }
  });
});
