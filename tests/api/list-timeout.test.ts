/**
 * The list time limit (docs/resources.md, "Time limit"): forced down to 1 ms, a list query that reads tens of
 * thousands of rows (a 2-letter search has no trigram, so it scans) is stopped and answered `503 list.timeout`
 * in the user's language, and the same process keeps answering other requests.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
