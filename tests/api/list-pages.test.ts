/**
 * Lists at depth (issue 11, docs/resources.md "Deep pages", "Search", "Sorts and indexes"): pages read by seeking
 * from the previous page's cursor hold the same rows in the same order as pages read by offset (ties on the sort
 * key included), for everyone and for a merchant user; the shipments' name search (trigram index) finds
 * case-insensitive substrings of names, e-mail and order number and follows edits; unindexed sorts are refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../api/resources/list-query.js';
import { encodeCursor } from '../../api/resources/list-cursor.js';
import { shipmentsList } from '../../api/resources/shipments/shipments.repository.js';
import { ROLES } from '../../core/roles.js';
import { createTestApp, insertShipments, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;
let ma: Client;
let acme = 0;
const TAG = 'Seekpage';
const STAMP = '2030-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  [sa, ma] = await Promise.all([login(t.app, 'superadmin@example.com'), login(t.app, 'merchant.admin@example.com')]);
  acme = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
  const other = (await t.db.selectFrom('merchants').select('id').where('id', '!=', acme).executeTakeFirstOrThrow()).id;
  // 45 shipments sharing one updated_at (ties everywhere), three created_at values, two statuses, two merchants.
  const rows = Array.from({ length: 45 }, (_, i) => ({
    reference_id: `LLSEEK${String(i).padStart(4, '0')}`,
    merchant_id: i % 3 === 0 ? other : acme,
    status: i % 2 ? 20 : 0,
    first_name: 'Ana',
    last_name: i % 4 ? TAG : null,
    email: `seek${i}@example.com`,
    created_at: `2029-0${1 + (i % 3)}-01T00:00:00.000Z`,
    updated_at: STAMP,
  }));
  await t.db.insertInto('shipments').values(rows).execute();
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: { id: number }[]; meta: { next?: string; from: number; to: number } };
const ids = (page: Page) => page.data.map((r) => r.id);

/** Walks every page twice: following meta.next (seek) and by page number alone (offset). */
async function walk(client: Client, query: Record<string, unknown>) {
  const seek: number[][] = [];
  const offset: number[][] = [];
  let after: string | undefined;
  for (let page = 1; page < 50; page++) {
    const bySeek = (await client.get('/api/shipments', { ...query, page, after })).json() as Page;
    const byOffset = (await client.get('/api/shipments', { ...query, page })).json() as Page;
    if (!bySeek.data.length) break;
    seek.push(ids(bySeek));
    offset.push(ids(byOffset));
    after = bySeek.meta.next;
  }
  return { seek, offset };
}

describe('deep pages', () => {
  const perPage = 4;
  for (const sort of ['-updated_at', 'updated_at', '-created_at', 'status', '-id', 'last_name', '-reference_id']) {
    it(`seek pages equal offset pages, sorted by ${sort} (ties on the sort key)`, async () => {
      for (const [client, search] of [[sa, ''], [ma, ''], [sa, 'seek']] as const) {
        const { seek, offset } = await walk(client, { sort, perPage, search });
        expect(seek.length).toBeGreaterThan(3);
        expect(seek).toEqual(offset);
        const all = seek.flat();
        expect(new Set(all).size).toBe(all.length);
        if (search) expect(all).toHaveLength(45);
      }
    });
  }

  it('seeks from the cursor: the rows after the row it names, not the offset of the page number', async () => {
    const q = parseListQuery(shipmentsList, { sort: '-updated_at', perPage: '4', search: 'seek' }, ROLES.superadmin);
    const third = (await sa.get('/api/shipments', { sort: '-updated_at', perPage: 4, search: 'seek', page: 3 })).json() as Page;
    const fourth = (await sa.get('/api/shipments', { sort: '-updated_at', perPage: 4, search: 'seek', page: 4 })).json() as Page;
    const last = third.data[3] as unknown as Record<string, unknown>;
    // A cursor claiming to end page 1 but naming the last row of page 3: page 2 then shows page 4's rows.
    const cursor = encodeCursor({ ...q, page: 1 }, last);
    const sought = (await sa.get('/api/shipments', { sort: '-updated_at', perPage: 4, search: 'seek', page: 2, after: cursor })).json() as Page;
    expect(ids(sought)).toEqual(ids(fourth));
    expect(sought.meta).toMatchObject({ from: 5, to: 8 });
    // The same cursor for another query (another sort) is ignored: page 2 by offset.
    const ignored = (await sa.get('/api/shipments', { sort: 'updated_at', perPage: 4, search: 'seek', page: 2, after: cursor })).json() as Page;
    const second = (await sa.get('/api/shipments', { sort: 'updated_at', perPage: 4, search: 'seek', page: 2 })).json() as Page;
    expect(ids(ignored)).toEqual(ids(second));
    expect((await sa.get('/api/shipments', { page: 2, after: 'not-a-cursor' })).statusCode).toBe(200);
  });
});

describe('name search (trigram index)', () => {
  const search = async (client: Client, term: string) =>
    ((await client.get('/api/shipments', { search: term, perPage: 100 })).json() as { data: { reference_id: string }[] }).data.map((r) => r.reference_id).sort();

  it('finds case-insensitive substrings of first and last name, e-mail and order number, within the tenant', async () => {
    const [mine] = await t.db
      .insertInto('shipments')
      .values([
        { reference_id: 'LLNAME0001', merchant_id: acme, first_name: 'Zoë', last_name: 'Quintanilla', email: 'zq.one@example.com', external_reference_id: 'ORD-77Q1', created_at: STAMP, updated_at: STAMP },
        { reference_id: 'LLNAME0002', merchant_id: acme + 1, first_name: 'ANDRÉS', last_name: 'McQuintan', email: 'andres@example.com', created_at: STAMP, updated_at: STAMP },
        { reference_id: 'LLNAME0003', merchant_id: acme, first_name: 'Pat', last_name: '50%_off', email: 'pat@example.com', created_at: STAMP, updated_at: STAMP },
        { reference_id: 'LLNAME0004', merchant_id: acme, first_name: 'Kenji', last_name: 'Tanaka', email: 'kata@example.com', created_at: STAMP, updated_at: STAMP },
      ])
      .returning('id')
      .execute();
    expect(await search(sa, 'quinta')).toEqual(['LLNAME0001', 'LLNAME0002']);
    expect(await search(sa, 'QUINTAN')).toEqual(['LLNAME0001', 'LLNAME0002']);
    expect(await search(sa, 'zoë')).toEqual(['LLNAME0001']);
    expect(await search(sa, 'andrés')).toEqual(['LLNAME0002']);
    expect(await search(sa, 'ZQ.ONE@EXAM')).toEqual(['LLNAME0001']);
    expect(await search(sa, '77q1')).toEqual(['LLNAME0001']);
    expect(await search(sa, 'zoë quint')).toEqual(['LLNAME0001']);
    expect(await search(sa, '0%_o')).toEqual(['LLNAME0003']);
    expect(await search(sa, '%')).toEqual(['LLNAME0003']);
    expect(await search(sa, 'Zo')).toEqual(['LLNAME0001']);
    expect(await search(sa, 'quintanillo')).toEqual([]);
    // Every trigram of `tanakata` is in LLNAME0004's text (Tanaka, kata@), the term itself is not: no match.
    expect(await search(sa, 'tanakata')).toEqual([]);
    expect(await search(sa, 'ANAKA KAT')).toEqual(['LLNAME0004']);
    expect(await search(ma, 'quinta')).toEqual(['LLNAME0001']);
    // The index follows edits and deletes.
    await t.db.updateTable('shipments').set({ last_name: 'Villanueva' }).where('id', '=', mine.id).execute();
    expect(await search(sa, 'quinta')).toEqual(['LLNAME0002']);
    expect(await search(sa, 'illanue')).toEqual(['LLNAME0001']);
    await t.db.deleteFrom('shipments').where('id', '=', mine.id).execute();
    expect(await search(sa, 'illanue')).toEqual([]);
  });
});

describe('a common search term (over 1,000 index matches)', () => {
  it('walks the sort order checking the text: the newest matches first, the total capped', async () => {
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 1100)
      insert into shipments (reference_id, merchant_id, first_name, last_name, email, created_at, updated_at)
      select 'LLCOMMON' || i, ${acme}, 'Common', 'Frequentname', 'common' || i || '@example.com', '2029-05-01T00:00:00.000Z',
        '2029-05-' || (10 + i % 20) || 'T00:00:00.000Z' from n
    `.execute(t.db);
    const page = (await sa.get('/api/shipments', { search: 'REQUENTNAM', perPage: 25 })).json();
    const expected = await t.db.selectFrom('shipments').select('id').where('last_name', '=', 'Frequentname')
      .orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(25).execute();
    expect(page.data.map((r: { id: number }) => r.id)).toEqual(expected.map((r) => r.id));
    expect(page.meta).toMatchObject({ total: 1000, totalCapped: true });
    const mine = (await ma.get('/api/shipments', { search: 'requentnam', perPage: 25, page: 3 })).json();
    expect(mine.data).toHaveLength(25);
  });
});

describe('sorts served by an index (core LIST_SORTS)', () => {
  it('refuses a sort no index serves with a coded 400 in the user language', async () => {
    for (const [resource, sort] of [['shipments', 'package_count'], ['shipments', '-first_name'], ['packages', 'size'], ['packages', '-created_at']]) {
      const res = await sa.get(`/api/${resource}`, { sort });
      expect(res.statusCode, `${resource} ${sort}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'list.sort_unsupported' });
      expect(res.json().message).toContain(sort.replace('-', ''));
    }
    const support = await login(t.app, 'support@example.com');
    expect((await support.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    const es = await support.get('/api/shipments', { sort: 'package_count' });
    expect(es.json().message).toBe('Esta lista no se puede ordenar por package_count.');
    expect((await sa.get('/api/shipments', { sort: '-created_at' })).statusCode).toBe(200);
    expect((await sa.get('/api/packages', { sort: '-updated_at', filters: { status: [0] } })).statusCode).toBe(200);
  });
});

describe('a page past the end of a list', () => {
  it('reports the list’s true total, not the page’s offset as an over-the-cap one (page 99999999 of 8 users read as 2.5 billion)', async () => {
    const users = Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    for (const page of [3, 99, 99_999_999]) {
      const res = await sa.get('/api/users', { page, perPage: 25 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(res.json().meta).toMatchObject({ total: users, from: 0, to: 0 });
      expect(res.json().meta.totalCapped).toBeUndefined();
    }
  });

  it('of a list counted over the cap a moment ago says the cap, not the page’s offset', async () => {
    await insertShipments(t.db, { prefix: 'LLPAST', count: 1100, merchantId: acme, firstName: 'Past', lastName: 'End', mailbox: 'past', at: STAMP });
    // Page 1 counts the list: over the cap, remembered for a moment (list-count-cache.ts).
    expect((await sa.get('/api/shipments', { page: 1 })).json().meta).toMatchObject({ total: 1000, totalCapped: true });
    for (const page of [99, 99_999_999]) {
      const res = await sa.get('/api/shipments', { page });
      expect(res.json().data).toEqual([]);
      expect(res.json().meta).toMatchObject({ total: 1000, totalCapped: true, from: 0, to: 0 });
    }
  });
});
