/**
 * PostgreSQL list pages in one round trip (docs/resources.md, "PostgreSQL"): the values other tables give a page
 * (a shipment draft's batch item, a package's shipment) come with the page's own statement (ListSpec.pageExtras), and
 * list statements are prepared (named) once per connection. SQLite runs its separate in-process reads, unchanged.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { MAX_NAMED, preparingClient } from '../../api/db/pg-prepared.js';

let t: TestApp;
let sa: Client;

beforeAll(async () => {
  t = await createTestApp();
  sa = await login(t.app, 'superadmin@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** The statements PostgreSQL receives while `run` runs: [text, name]. */
async function statementsOf(run: () => Promise<unknown>): Promise<[string, string | undefined][]> {
  const sent: [string, string | undefined][] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: any[]) {
    const config = args[0];
    if (typeof config === 'string') sent.push([config, undefined]);
    else if (config?.text) sent.push([config.text, config.name]);
    return (query as (...a: any[]) => any).apply(this, args);
  } as any);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL list pages', () => {
  it('read a shipment page, its drafts\' batch items and its verdicts in one prepared statement', async () => {
    // Drafts, some converted from a batch item (record.in_use: no delete); perPage beyond the total: no count.
    const query = { filters: { status: [0] }, perPage: 100 };
    const warm = (await sa.get('/api/shipments', query)).json();
    const converted = new Set((await t.db.selectFrom('batch_items').select('shipment_id').where('shipment_id', 'is not', null).execute()).map((r) => r.shipment_id));
    expect(warm.data.some((s: { id: number }) => converted.has(s.id))).toBe(true);
    let res: any;
    const sent = await statementsOf(async () => (res = (await sa.get('/api/shipments', query)).json()));
    expect(sent).toHaveLength(1);
    expect(sent[0][1]).toMatch(/^l\d+$/);
    expect(res.data[0]).not.toHaveProperty('in_batch');
    for (const row of res.data) expect(res.meta.actions[row.id].includes('delete')).toBe(!converted.has(row.id));
  });

  it('read a package page with its shipments\' references and statuses in one statement', async () => {
    const query = { perPage: 100, sort: '-updated_at' };
    await sa.get('/api/packages', query);
    let res: any;
    const sent = await statementsOf(async () => (res = (await sa.get('/api/packages', query)).json()));
    // The page; the count too when the demo has more packages than the page holds.
    expect(sent.filter(([text]) => !/count\(\*\)/.test(text))).toHaveLength(1);
    const shipments = new Map((await t.db.selectFrom('shipments').select(['id', 'reference_id', 'status']).execute()).map((s) => [s.id, s]));
    for (const p of res.data) {
      expect(p.shipment_reference_id).toBe(shipments.get(p.shipment_id)!.reference_id);
      expect(p).not.toHaveProperty('shipment_status');
      expect(res.meta.actions[p.id].includes('delete')).toBe(shipments.get(p.shipment_id)!.status === 0);
    }
  });
});

describe('preparingClient', () => {
  it('names each distinct text once per process, up to MAX_NAMED, and passes other calls through', () => {
    const calls: unknown[][] = [];
    class Base {
      query(...args: unknown[]) {
        calls.push(args);
        return args;
      }
    }
    const Preparing = preparingClient(Base as unknown as typeof pg.Client);
    const a = new Preparing() as unknown as Base;
    const b = new Preparing() as unknown as Base;
    a.query('select $1', [1]);
    b.query('select $1', [2]);
    a.query('select 2', []);
    a.query('select 3');
    expect(calls[0]).toEqual([{ name: 'l0', text: 'select $1', values: [1] }]);
    expect(calls[1]).toEqual([{ name: 'l0', text: 'select $1', values: [2] }]);
    expect(calls[2]).toEqual([{ name: 'l1', text: 'select 2', values: [] }]);
    expect(calls[3]).toEqual(['select 3']);
    for (let i = 0; i < MAX_NAMED + 5; i++) a.query(`select ${i} + 0`, []);
    expect(calls.at(-1)).toEqual([`select ${MAX_NAMED + 4} + 0`, []]);
  });
});
