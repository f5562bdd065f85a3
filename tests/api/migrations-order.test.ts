/**
 * Migration numbers are handed out before the work lands, so a database that already ran 023 can meet a new
 * 019: the upgrade must apply it, not refuse the whole set as "corrupted" (Kysely's default).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { MIGRATIONS, migrateToLatest } from '../../api/db/migrate.js';

describe('migrations', () => {
  it('apply a pending migration numbered below the last one the database ran', async () => {
    const handle = await openDatabase({ sqliteFile: ':memory:' });
    try {
      const names = Object.keys(MIGRATIONS);
      const late = names.filter((name) => name.startsWith('019-'));
      expect(late).toHaveLength(1);
      const earlier = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => !late.includes(name)));
      const first = await migrateToLatest(handle, { migrations: earlier });
      expect(first.at(-1)! > late[0]!).toBe(true);
      expect(await migrateToLatest(handle)).toEqual(late);
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db);
      expect(ran.rows.map((r) => r.name)).toEqual([...names].sort());
    } finally {
      await handle.close();
    }
  });
});
