/**
 * The scheduled compaction of the SQLite name search index (api/jobs/search-index.job.ts): one-row writes leave many
 * FTS5 segments; the pass merges them, within its time budget, and searches find the same shipments before and after.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactSearchIndex, SEARCH_INDEX_MAX_SEGMENTS, searchIndexSegments } from '../../api/jobs/search-index.job.js';
import { createTestApp, login, type TestApp } from './helpers.js';

describe('name search index upkeep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const searchIds = async (term: string) => {
    const admin = await login(t.app, 'superadmin@example.com');
    const res = await admin.get(`/api/shipments?search=${term}&perPage=100`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { id: number }[]).map((s) => s.id).sort((a, b) => a - b);
  };

  it('merges the segments one-row writes leave, within its budget, and searches find the same rows', async () => {
    if (t.dialect !== 'sqlite') {
      expect(await compactSearchIndex(t.db, t.dialect)).toBeUndefined(); // PostgreSQL's trigram index needs no pass
      return;
    }
    const { id: source } = await t.db.selectFrom('shipments').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    // Each statement commits on its own, as the API's writes do: one new segment each, merged four at a time.
    for (let i = 0; i < 40; i++) {
      await sql`insert into shipments (reference_id, merchant_id, first_name, last_name, email, country, locale, created_at, updated_at)
        select ${`ZQ${i}`}, merchant_id, 'Ana', ${`Quixwell${i}`}, ${`ana.quixwell${i}@example.com`}, country, locale, created_at, updated_at
        from shipments where id = ${source}`.execute(t.db);
    }
    const fragmented = await searchIndexSegments(t.db);
    expect(fragmented).toBeGreaterThan(SEARCH_INDEX_MAX_SEGMENTS);
    const before = await searchIds('quixwell1');
    expect(before).toHaveLength(11); // quixwell1, quixwell10-19

    // A zero budget still takes one step: a large index is compacted over several passes.
    const first = await compactSearchIndex(t.db, t.dialect, 0);
    expect(first).toMatchObject({ before: fragmented, steps: 1 });

    expect(first!.after).toBeLessThan(fragmented);
    await compactSearchIndex(t.db, t.dialect, Number.POSITIVE_INFINITY);
    expect(await searchIndexSegments(t.db)).toBeLessThanOrEqual(SEARCH_INDEX_MAX_SEGMENTS);
    expect(await compactSearchIndex(t.db, t.dialect)).toBeUndefined(); // compact: nothing to do
    expect(await searchIds('quixwell1')).toEqual(before);
    expect(await searchIds('ana.quixwell39@')).toHaveLength(1);
  });
});
