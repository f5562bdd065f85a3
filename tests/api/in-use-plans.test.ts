/**
 * The record.in_use check of a delete (api/resources/related.ts `refuseIfInUse`) runs inside the delete's write
 * transaction: each referencing table of core IN_USE_REFERENCES must be read through an index on the referencing
 * columns, for a merchant (`+merchant_id`, checked on the rows found) as for an admin, never by a scan of the table.
 */
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { IN_USE_COUNT_CAP, IN_USE_REFERENCES } from '../../core/in-use.js';
import { inUseRows } from '../../api/resources/related.js';

// One row per import, and merchants x groups: small enough to read whole.
const SMALL = new Set(['batches', 'merchant_location_groups']);

describe.skipIf(process.env.TEST_DB === 'postgres')('in-use checks (SQLite plans)', () => {
  it('read each large referencing table through its referencing columns\' indexes', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database);
      for (const [resource, refs] of Object.entries(IN_USE_REFERENCES)) {
        for (const [table, columns] of Object.entries(refs) as [string, readonly string[]][]) {
          if (SMALL.has(table)) continue;
          for (const merchant of [null, 1]) {
            const { counted } = inUseRows(database.db as any, table, columns, 1, merchant);
            const query = counted.select(sql`1`.as('one')).limit(IN_USE_COUNT_CAP + 1).compile();
            const { rows } = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
            const plan = rows.map((r) => r.detail).join(' | ');
            expect(plan, `${resource}: ${table} ${columns.join(', ')}`).not.toMatch(new RegExp(`SCAN ${table}\\b`));
            // The merchant's own index would walk all its rows (a merchant's references are the merchant's own).
            if (!columns.includes('merchant_id')) expect(plan, `${resource}: ${table} ${columns.join(', ')}`).not.toMatch(/USING (COVERING )?INDEX \w*merchant/);
          }
        }
      }
    } finally {
      await database.close();
    }
  });
});
