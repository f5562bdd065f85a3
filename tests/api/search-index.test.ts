/**
 * The SQLite name search index merges its segments two at a time (migration 026, docs/resources.md "Search"), and
 * searches find what one-row writes (as the API makes them) put in it, wherever the merges left it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_SEARCH_AUTOMERGE } from '../../api/db/search-text.js';
import { createTestApp, login, type TestApp } from './helpers.js';

describe('name search index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('merges two segments at a time (SQLite), and one-row writes stay findable', async () => {
    if (t.dialect === 'sqlite') {
      const { rows } = await sql<{ v: number }>`select v from shipments_search_config where k = 'automerge'`.execute(t.db);
      expect(rows.map((r) => Number(r.v))).toEqual([SHIPMENT_SEARCH_AUTOMERGE]);
    }
    const { id: source } = await t.db.selectFrom('shipments').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    // Each statement commits on its own, as the API's writes do: a new segment each, merged as the setting says.
    for (let i = 0; i < 40; i++) {
      await sql`insert into shipments (reference_id, merchant_id, first_name, last_name, email, country, locale, created_at, updated_at)
        select ${`ZQ${i}`}, merchant_id, 'Ana', ${`Quixwell${i}`}, ${`ana.quixwell${i}@example.com`}, country, locale, created_at, updated_at
        from shipments where id = ${source}`.execute(t.db);
    }
    const admin = await login(t.app, 'superadmin@example.com');
    const found = async (term: string) => (await admin.get(`/api/shipments?search=${term}&perPage=100`)).json().data.length as number;
    expect(await found('quixwell1')).toBe(11); // quixwell1, quixwell10-19
    expect(await found('ana.quixwell39@')).toBe(1);
  });
});
