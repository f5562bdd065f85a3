/**
 * The list time limit (docs/resources.md, "Time limit"): forced down to 1 ms, a list query that reads tens of
 * thousands of rows (a 2-letter search has no trigram, so it scans) is stopped and answered `503 list.timeout`
 * in the user's language, and the same process keeps answering other requests. A deep page of the whole list skips
 * through the sort's index without the guard (its cost is bounded by the page and the table).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;

beforeAll(async () => {
  process.env.LIST_TIMEOUT_MS = '1';
  t = await createTestApp();
  sa = await login(t.app, 'superadmin@example.com');
  const merchant = (await t.db.selectFrom('merchants').select('id').executeTakeFirstOrThrow()).id;
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 40000)
    insert into shipments (reference_id, merchant_id, first_name, last_name, email, created_at, updated_at)
    select 'LLSLOW' || i, ${merchant}, 'Slow', 'Row' || i, 'slow' || i || '@example.com', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z' from n
  `.execute(t.db);
});
afterAll(async () => {
  delete process.env.LIST_TIMEOUT_MS;
  await t?.close();
});

describe('list time limit', () => {
  it('answers 503 list.timeout instead of scanning on, and the server keeps serving', async () => {
    const slow = await sa.get('/api/shipments', { search: 'qz' });
    expect(slow.statusCode).toBe(503);
    expect(slow.json()).toMatchObject({ code: 'list.timeout' });
    expect(slow.json().message).toMatch(/took too long/);
    expect((await sa.get('/api/user')).statusCode).toBe(200);
    expect((await sa.get('/api/shipments/1')).statusCode).toBe(200);
  });
});

describe('the offset skip of a list with no WHERE', () => {
  // A clock that moves 2 ms at every look: any guard the statement holds throws at its first sampled row.
  const racingClock = () => {
    let now = Date.now();
    return vi.spyOn(Date, 'now').mockImplementation(() => (now += 2));
  };

  it.skipIf(process.env.TEST_DB === 'postgres')('carries no time guard on SQLite (bounded by the page), while a filtered one keeps it', async () => {
    const calm = await sa.get('/api/shipments', { page: 1000 });
    expect(calm.statusCode).toBe(200);
    const merchant = calm.json().data[0].merchant_id;
    const clock = racingClock();
    try {
      const deep = await sa.get('/api/shipments', { page: 1000 });
      expect(deep.statusCode).toBe(200);
      expect(deep.json().data.map((r: { id: number }) => r.id)).toEqual(calm.json().data.map((r: { id: number }) => r.id));
      const filtered = await sa.get('/api/shipments', { page: 1000, 'filters[merchant_id]': merchant });
      expect(filtered.statusCode).toBe(503);
      expect(filtered.json()).toMatchObject({ code: 'list.timeout' });
      // A skip longer than LIST_UNGUARDED_SKIP_MAX rows is guarded again: its cost must not grow with the table unchecked.
      process.env.LIST_UNGUARDED_SKIP_MAX = '24974';
      const far = await sa.get('/api/shipments', { page: 1000 });
      expect(far.statusCode).toBe(503);
      expect(far.json()).toMatchObject({ code: 'list.timeout' });
      process.env.LIST_UNGUARDED_SKIP_MAX = '24975';
      expect((await sa.get('/api/shipments', { page: 1000 })).statusCode).toBe(200);
    } finally {
      delete process.env.LIST_UNGUARDED_SKIP_MAX;
      clock.mockRestore();
    }
  });
  it.skipIf(process.env.TEST_DB === 'postgres')('keeps it on a list whose sort no index serves: that skip sorts the whole table first', async () => {
    // Batch items have no (last_name, id) index: a deep page by last name reads and sorts every batch item of every merchant.
    const batch = await t.db.selectFrom('batches').select(['id', 'merchant_id']).executeTakeFirstOrThrow();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 1200)
      insert into batch_items (batch_id, merchant_id, first_name, last_name, status, country, created_at, updated_at)
      select ${batch.id}, ${batch.merchant_id}, 'Slow', 'Row' || i, 0, 'BS', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z' from n
    `.execute(t.db);
    // Page 11 of 100 ends past the count cap: no count is asked, only the page's statement.
    const page = { page: 11, perPage: 100, sort: 'last_name' };
    // Answered within a normal time limit (the file's 1 ms one would stop this sort on a busy machine)...
    process.env.LIST_TIMEOUT_MS = '10000';
    try {
      expect((await sa.get('/api/batch_items', page)).statusCode).toBe(200);
    } finally {
      process.env.LIST_TIMEOUT_MS = '1';
    }
    const clock = racingClock();
    try {
      const deep = await sa.get('/api/batch_items', page);
      expect(deep.statusCode).toBe(503);
      expect(deep.json()).toMatchObject({ code: 'list.timeout' });
      // The large lists' own sorts are index walks: their unfiltered skip still goes unguarded.
      expect((await sa.get('/api/shipments', { page: 1000, sort: 'last_name' })).statusCode).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });
});
