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

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL list rows as JSON text', () => {
  it('reads each row as one json_build_array text and keeps every value as the columns hold it', async () => {
    // Locations hold doubles (latitude, longitude) and nullable columns; shipments texts, integers and nulls, and
    // one name with what JSON must escape or carry (quotes, a backslash, a newline, a control character, emoji, the
    // last character before the surrogates).
    const [first] = await t.db.selectFrom('shipments').select('id').orderBy('updated_at', 'desc').limit(1).execute();
    await t.db.updateTable('shipments').set({ first_name: 'A "quoted" \\ name\n\u0001 ☃ 😀 \ud7ff' }).where('id', '=', first!.id).execute();
    for (const [path, table] of [['/api/locations?scope=all&perPage=100', 'locations'], ['/api/shipments?perPage=100', 'shipments']] as const) {
      let res: any;
      const sent = await statementsOf(async () => (res = (await sa.get(path)).json()));
      expect(sent.filter(([text]) => !/count\(\*\)/.test(text)).every(([text]) => text.includes('json_build_array('))).toBe(true);
      expect(res.data.length).toBeGreaterThan(1);
      const stored = new Map((await t.db.selectFrom(table).selectAll().where('id', 'in', res.data.map((r: { id: number }) => r.id)).execute()).map((r: any) => [r.id, r]));
      let compared = 0;
      for (const row of res.data) {
        for (const [column, value] of Object.entries(row)) {
          if (!(column in stored.get(row.id)!)) continue; // related names, verdict helpers
          expect(value, `${table} ${row.id} ${column}`).toStrictEqual((stored.get(row.id) as any)[column]);
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(res.data.length * 5);
      if (table === 'locations') expect(res.data.some((r: { latitude: unknown }) => typeof r.latitude === 'number' && !Number.isInteger(r.latitude))).toBe(true);
      if (table === 'shipments') expect(res.data.some((r: Record<string, unknown>) => Object.values(r).includes(null))).toBe(true);
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

describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL name search', () => {
  it("looks up the term's rarest trigrams in the index and checks the whole term on the rows found", async () => {
    const merchant = (await t.db.selectFrom('merchants').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const stamp = '2029-06-01T00:00:00.000Z';
    // 60 customers called Ferguson: `fer`, `erg`… are common; the digits of one e-mail are rare.
    await t.db.insertInto('shipments').values(Array.from({ length: 60 }, (_, i) => ({
      reference_id: `LLFERG${String(i).padStart(4, '0')}`, merchant_id: merchant, first_name: 'Ann', last_name: 'Ferguson',
      email: `ferguson${i === 7 ? 14965 : i}@example.com`, created_at: stamp, updated_at: stamp,
    }))).execute();
    let res: any;
    const sent = await statementsOf(async () => (res = (await sa.get('/api/shipments', { search: 'ferguson14965' })).json()));
    expect(res.data.map((r: { reference_id: string }) => r.reference_id)).toEqual(['LLFERG0007']);
    // Three ILIKEs on the indexed text (the rare trigrams) and the whole term on `text || ''`, which the index cannot serve.
    const page = sent.map(([text]) => text).find((text) => text.includes('json_build_array('))!;
    expect(page.match(/ILIKE/g)).toHaveLength(4);
    expect(page).toContain(`|| '') ILIKE`);
    // The same answers as the index alone: a term whose trigrams are all present but not together finds nothing.
    expect((await sa.get('/api/shipments', { search: 'ferguson14966' })).json().data).toEqual([]);
    expect((await sa.get('/api/shipments', { search: 'FERGUSON1' })).json().data.map((r: { reference_id: string }) => r.reference_id).sort())
      .toEqual(['LLFERG0001', 'LLFERG0007', ...Array.from({ length: 10 }, (_, i) => `LLFERG00${10 + i}`)]);
  });
});
