/**
 * Search is case-insensitive beyond ASCII, the same on SQLite and PostgreSQL (docs/resources.md "Search"): every
 * path of the shipments' search (index phrase, a term under 3 characters, a common term) and the "contains" search
 * of the other lists find `MUÑOZ Ñandú` as `muñoz`, `ñ`, `ÑANDÚ`; accents are kept (`LUKASZ` is not `Łukasz`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertShipments, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;
let ma: Client;
let acme = 0;
const STAMP = '2030-01-01T00:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  [sa, ma] = await Promise.all([login(t.app, 'superadmin@example.com'), login(t.app, 'merchant.admin@example.com')]);
  acme = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
  const other = (await t.db.selectFrom('merchants').select('id').where('id', '!=', acme).executeTakeFirstOrThrow()).id;
  await t.db
    .insertInto('shipments')
    .values([
      ['LLCASE0001', acme, 'MUÑOZ', 'Ñandú'],
      ['LLCASE0002', acme, 'Łukasz', 'Ørsted'],
      ['LLCASE0003', other, 'Jesús', 'ÑÚÑEZ'],
      ['LLCASE0004', acme, 'Zoë*[1]?', 'Wildcard'],
      ['LLCASE0005', acme, 'ISABEL', 'Sastre'],
    ].map(([reference_id, merchant_id, first_name, last_name]) => ({ reference_id, merchant_id, first_name, last_name, email: `${String(reference_id).toLowerCase()}@example.com`, created_at: STAMP, updated_at: STAMP })) as any)
    .execute();
  await t.db.updateTable('users').set({ first_name: 'Łukasz', last_name: 'MUÑOZ' }).where('email', '=', 'driver@example.com').execute();
  await t.db.updateTable('merchants').set({ name: 'Ørsted Óptica' }).where('id', '=', other).execute();
});
afterAll(async () => {
  await t?.close();
});

const refs = async (client: Client, search: string) =>
  ((await client.get('/api/shipments', { search, perPage: 100 })).json().data as { reference_id: string }[])
    .map((r) => r.reference_id).filter((r) => r.startsWith('LLCASE')).sort();

describe('search beyond ASCII', () => {
  it('shipments: the same rows whatever the case, on every path of the search', async () => {
    for (const term of ['muñoz', 'MUÑOZ', 'ÑANDÚ', 'ñandú']) expect(await refs(sa, term), term).toEqual(['LLCASE0001']);
    // Under 3 characters: no trigram, matched on the text.
    expect(await refs(sa, 'ñ')).toEqual(['LLCASE0001', 'LLCASE0003']);
    expect(await refs(sa, 'Ñ')).toEqual(['LLCASE0001', 'LLCASE0003']);
    expect(await refs(sa, 'ør')).toEqual(['LLCASE0002']);
    expect(await refs(sa, 'łu')).toEqual(['LLCASE0002']);
    expect(await refs(ma, 'ñ')).toEqual(['LLCASE0001']);
    // Compared by lower case, as PostgreSQL does: the dotless `ı` upper-cases to `I`, but `I` is `i`.
    expect(await refs(sa, 'ı')).toEqual([]);
    expect(await refs(sa, 'sá')).toEqual([]);
    // GLOB's wildcards in a term are literal characters.
    expect(await refs(sa, 'Ë*[1]?')).toEqual(['LLCASE0004']);
    expect(await refs(sa, 'ë?')).toEqual([]);
    expect(await refs(sa, 'ë[')).toEqual([]);
    expect(await refs(sa, 'ë*[')).toEqual(['LLCASE0004']);
    expect(await refs(sa, ']?')).toEqual(['LLCASE0004']);
    // Accents are kept.
    expect(await refs(sa, 'LUKASZ')).toEqual([]);
    expect(await refs(sa, 'munoz')).toEqual([]);
  });

  it('shipments: a common term (over 1,000 index matches) is matched whatever its case', async () => {
    await insertShipments(t.db, { prefix: 'LLCASEMANY', count: 1010, merchantId: acme, firstName: 'Dolores', lastName: 'Ibáñez', mailbox: 'many', at: STAMP });
    for (const term of ['IBÁÑEZ', 'ibáñez']) {
      const page = (await sa.get('/api/shipments', { search: term, perPage: 25 })).json();
      expect(page.data, term).toHaveLength(25);
      expect(page.meta, term).toMatchObject({ total: 1000, totalCapped: true });
    }
  });

  it('users, merchants: "contains" on the text, whatever the case', async () => {
    const emails = async (search: string) => ((await sa.get('/api/users', { search })).json().data as { email: string }[]).map((u) => u.email);
    for (const term of ['łukasz', 'ŁUKASZ', 'muñoz', 'ñ']) expect(await emails(term), term).toEqual(['driver@example.com']);
    expect(await emails('lukasz')).toEqual([]);
    const merchants = async (search: string) => ((await sa.get('/api/merchants', { search })).json().data as { name: string }[]).map((m) => m.name);
    for (const term of ['ørsted', 'ÓPTICA', 'óp']) expect(await merchants(term), term).toEqual(['Ørsted Óptica']);
  });
});
