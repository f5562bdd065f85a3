/**
 * The SQLite name search index merges its segments two at a time (migration 026, docs/resources.md "Search"), the
 * scheduled pass leaves at most one segment per level (api/jobs/search-index.job.ts), and searches find what one-row
 * writes (as the API makes them) put in it, wherever the merges left it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPMENT_SEARCH_AUTOMERGE, SHIPMENT_SEARCH_USERMERGE } from '../../api/db/search-text.js';
import { mergeSearchIndex } from '../../api/jobs/search-index.job.js';
import { createTestApp, login, type TestApp } from './helpers.js';

describe('name search index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Segments of the FTS5 index: distinct segment ids of its data pages (rowid = segment id << 37 + page; ids >= 2^16 are doclist indexes). */
  const segments = async () =>
    (await sql<{ n: number }>`select count(distinct (id >> 37) % 65536) as n from shipments_search_data where id >= ${2 ** 37}`.execute(t.db)).rows[0]!.n;

  it('merges two segments at a time (SQLite), the scheduled pass merges crowded levels, and one-row writes stay findable', async () => {
    if (t.dialect === 'sqlite') {
      const { rows } = await sql<{ k: string; v: number }>`select k, v from shipments_search_config where k in ('automerge', 'usermerge') order by k`.execute(t.db);
      expect(rows.map((r) => [r.k, Number(r.v)])).toEqual([['automerge', SHIPMENT_SEARCH_AUTOMERGE], ['usermerge', SHIPMENT_SEARCH_USERMERGE]]);
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
    if (t.dialect === 'sqlite') {
      const crowded = await segments();
      expect(await mergeSearchIndex(t.db, t.dialect)).toBeGreaterThan(0);
      expect(await segments()).toBeLessThan(crowded);
      // Once each level holds one segment, a pass has nothing left to do.
      expect(await mergeSearchIndex(t.db, t.dialect)).toBe(0);
    } else expect(await mergeSearchIndex(t.db, t.dialect)).toBe(0);
    expect(await found('quixwell1')).toBe(11);
    expect(await found('ana.quixwell39@')).toBe(1);
  });
});
