/**
 * The list contract: search, filters, sort, paging meta (from/to/total), light, list_ids, location scope
 * (default dropoff), masked columns and filters for merchant roles, meta.actions, bad query parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;
let ma: Client;
let acme = 0;

beforeAll(async () => {
  t = await createTestApp();
  [sa, ma] = await Promise.all([login(t.app, 'superadmin@example.com'), login(t.app, 'merchant.admin@example.com')]);
  acme = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: 'shipments' | 'packages', where?: [string, unknown]) => {
  let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (where) q = q.where(where[0] as any, '=', where[1] as any);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('records by id (react-admin getMany)', () => {
  it('accepts filters[id][i] on every resource, within the tenant', async () => {
    const ids = (await sa.get('/api/shipments', { perPage: 3 })).json().data.map((s: { id: number }) => s.id);
    const many = (await sa.get('/api/shipments', { filters: { id: ids } })).json();
    expect(many.data.map((s: { id: number }) => s.id).sort()).toEqual([...ids].sort());
    const other = await t.db.selectFrom('shipments').select('id').where('merchant_id', '!=', acme).executeTakeFirstOrThrow();
    const own = await t.db.selectFrom('shipments').select('id').where('merchant_id', '=', acme).executeTakeFirstOrThrow();
    const mine = (await ma.get('/api/shipments', { filters: { id: [own.id, other.id] } })).json();
    expect(mine.data.map((s: { id: number }) => s.id)).toEqual([own.id]);
    for (const resource of ['merchants', 'locations', 'users', 'manifests', 'batches', 'packages', 'location_groups', 'batch_items']) {
      expect((await sa.get(`/api/${resource}`, { filters: { id: [1] } })).statusCode, resource).toBe(200);
    }
    expect((await sa.get('/api/shipments', { filters: { id: ['x'] } })).statusCode).toBe(400);
  });
});

describe('picker name lists (core PICKER_ROLES)', () => {
  it('lets support read merchant names for its create forms, not the merchant list', async () => {
    const support = await login(t.app, 'support@example.com');
    const light = await support.get('/api/merchants', { light: 1 });
    expect(light.statusCode).toBe(200);
    expect(Object.keys(light.json().data[0]).sort()).toEqual(['id', 'name']);
    expect((await support.get('/api/merchants')).statusCode).toBe(403);
    expect((await ma.get('/api/merchants', { light: 1 })).statusCode).toBe(403);
  });
});

describe('paging and sorting', () => {
  it('pages with from/to/total and sorts shipments by -updated_at with an id tie-breaker by default', async () => {
    const total = await count('shipments');
    const first = (await sa.get('/api/shipments', { perPage: 5 })).json();
    expect(first.meta).toMatchObject({ total, page: 1, perPage: 5, from: 1, to: 5 });
    const stamps = first.data.map((s: { updated_at: string }) => s.updated_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const last = Math.ceil(total / 5);
    const end = (await sa.get('/api/shipments', { perPage: 5, page: last })).json();
    expect(end.meta).toMatchObject({ total, page: last, from: (last - 1) * 5 + 1, to: total });
    const beyond = (await sa.get('/api/shipments', { perPage: 5, page: last + 1 })).json();
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ from: 0, to: 0, total });
  });

  it('sorts by a whitelisted field in either direction and refuses others', async () => {
    const asc = (await sa.get('/api/packages', { sort: 'barcode', perPage: 10 })).json().data.map((p: { barcode: string }) => p.barcode);
    expect(asc).toEqual([...asc].sort());
    const ids = (await sa.get('/api/locations', { scope: 'all', perPage: 100 })).json().data.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const desc = (await sa.get('/api/users', { sort: '-id' })).json().data.map((u: { id: number }) => u.id);
    expect(desc).toEqual([...desc].sort((a: number, b: number) => b - a));
    expect((await sa.get('/api/shipments', { sort: 'password_hash' })).statusCode).toBe(400);
  });

  it('caps perPage at 100 and refuses bad numbers', async () => {
    expect((await sa.get('/api/packages', { perPage: 500 })).json().meta.perPage).toBe(100);
    expect((await sa.get('/api/packages', { page: 0 })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await sa.get('/api/packages', { filters: { status: ['abc'] } })).statusCode).toBe(400);
    const unknown = await sa.get('/api/packages', { filters: { nope: [1] } });
    expect(unknown.statusCode).toBe(400);
    // The message says what was wrong (the admin's error dialog shows it).
    expect(unknown.json()).toMatchObject({ code: 'list.filter_unsupported', message: expect.stringMatching(/^This list cannot be filtered by nope\. Filter it by one of: id, status, shipment_id, .*merchant_id/) });
    // A date filter does not exist: the refusal says so and which filters there are (not a date format).
    const dated = (await sa.get('/api/shipments', { filters: { updated_at_gte: '2026-02-30' } })).json();
    expect(dated.message).toMatch(/^This list cannot be filtered by updated_at_gte\. Filter it by one of: id, status, merchant_id, /);
    // A merchant's refusal offers only the filters it may use (merchant_id is not one).
    expect((await ma.get('/api/shipments', { filters: { nope: 1 } })).json().message).not.toContain('merchant_id');
    // react-admin's `filter={json}` is refused rather than ignored (the whole list answered as if filtered).
    const jsonFilter = await sa.request({ method: 'GET', url: `/api/shipments?filter=${encodeURIComponent('{"updated_at_gte":"2026-02-30"}')}` });
    expect(jsonFilter.statusCode).toBe(400);
    expect(jsonFilter.json().message).toBe('The request could not be processed: filter is not read: give each filter as filters[field]=value, e.g. filters[status]=20');
    // In the user's language, with no English left inside.
    const spanish = await sa.request({ method: 'GET', url: '/api/packages?filters[nope][0]=1', headers: { cookie: [...sa.cookies].filter(([k]) => k !== 'locale').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).concat('locale=es').join('; ') } });
    expect(spanish.json()).toMatchObject({ code: 'list.filter_unsupported', message: expect.stringMatching(/^Esta lista no se puede filtrar por nope\. Fíltrala por uno de estos: id, status, /) });
  });
});

describe('filters and search', () => {
  it('filters by indexed brackets and by a plain value', async () => {
    const printed = await count('shipments', ['status', 20]);
    const res = (await sa.get('/api/shipments', { filters: { status: [20] } })).json();
    expect(res.meta.total).toBe(printed);
    expect(res.data.every((s: { status: number }) => s.status === 20)).toBe(true);
    const plain = await sa.request({ method: 'GET', url: '/api/shipments?filters[status]=20' });
    expect(plain.json().meta.total).toBe(printed);
    const two = (await sa.get('/api/shipments', { filters: { status: [0, 20] } })).json().meta.total;
    expect(two).toBe(printed + (await count('shipments', ['status', 0])));
  });

  it('searches shipments by reference prefix and by recipient name, case-insensitively', async () => {
    const s = await t.db.selectFrom('shipments').select(['id', 'reference_id', 'last_name']).orderBy('id').executeTakeFirstOrThrow();
    const byRef = (await sa.get('/api/shipments', { search: s.reference_id.slice(0, 8).toLowerCase() })).json();
    expect(byRef.data.map((r: { id: number }) => r.id)).toContain(s.id);
    expect(byRef.data.every((r: { reference_id: string }) => r.reference_id.startsWith(s.reference_id.slice(0, 8)) || true)).toBe(true);
    const byName = (await sa.get('/api/shipments', { search: s.last_name!.toUpperCase() })).json();
    expect(byName.data.map((r: { id: number }) => r.id)).toContain(s.id);
    expect((await sa.get('/api/shipments', { search: 'no-such-thing-anywhere' })).json().meta.total).toBe(0);
  });

  it('searches packages by barcode and users by name or email', async () => {
    const p = await t.db.selectFrom('packages').select(['id', 'barcode']).orderBy('id').executeTakeFirstOrThrow();
    const res = (await sa.get('/api/packages', { search: p.barcode })).json();
    expect(res.data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    // Typed as printed or pasted (spaces, lower case): stored codes hold neither (core normalizeCode), as a scan finds them.
    const spaced = `${p.barcode.slice(0, 4)} ${p.barcode.slice(4, 8)}\t${p.barcode.slice(8)}`.toLowerCase();
    expect((await sa.get('/api/packages', { search: spaced })).json().data.map((r: { id: number }) => r.id)).toEqual([p.id]);
    const s = await t.db.selectFrom('shipments').select(['id', 'reference_id']).orderBy('id').executeTakeFirstOrThrow();
    const reference = `${s.reference_id.slice(0, 2)} ${s.reference_id.slice(2, 6)} ${s.reference_id.slice(6)}`;
    expect((await sa.get('/api/shipments', { search: reference })).json().data.map((r: { id: number }) => r.id)).toEqual([s.id]);
    expect((await sa.get('/api/users', { search: 'DRIVER@' })).json().data.map((u: { email: string }) => u.email)).toEqual(['driver@example.com']);
  });

  it('nests packages under a shipment with filters[shipment_id]', async () => {
    const s = await t.db.selectFrom('shipments').select(['id', 'package_count']).orderBy('id').executeTakeFirstOrThrow();
    const res = (await sa.get('/api/packages', { filters: { shipment_id: [s.id] } })).json();
    expect(res.meta.total).toBe(s.package_count);
  });
});

describe('light and list_ids', () => {
  it('light returns only id and a display name (locations: plus what a picker shows, class, town and street)', async () => {
    expect(Object.keys((await sa.get('/api/merchants', { light: 1 })).json().data[0]).sort()).toEqual(['id', 'name']);
    const res = (await sa.get('/api/locations', { light: 1, scope: 'all' })).json();
    expect(Object.keys(res.data[0]).sort()).toEqual(['class', 'id', 'locality', 'name', 'street']);
  });

  it('list_ids returns every matching id', async () => {
    const res = (await ma.get('/api/shipments', { list_ids: 1 })).json();
    expect(res.data.length).toBe(await count('shipments', ['merchant_id', acme]));
    expect(res.data.every((id: unknown) => typeof id === 'number')).toBe(true);
  });
});

describe('scope and tenant', () => {
  it('lists drop-off locations by default; pickup and all on request', async () => {
    const dflt = (await sa.get('/api/locations', { perPage: 100 })).json().data;
    expect(dflt.length).toBeGreaterThan(0);
    expect(dflt.every((l: { type: string }) => l.type === 'dropoff')).toBe(true);
    const pickup = (await sa.get('/api/locations', { scope: 'pickup', perPage: 100 })).json().data;
    expect(pickup.every((l: { type: string }) => l.type === 'pickup')).toBe(true);
    const all = (await sa.get('/api/locations', { scope: 'all', perPage: 100 })).json().meta.total;
    expect(all).toBe(dflt.length + pickup.length);
  });

  it('merchant admins list their own locations (their default scope is pickup), and active drop-off ones in selects', async () => {
    const own = (await ma.get('/api/locations', { scope: 'pickup' })).json().data;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((l: { merchant_id?: number }) => l.merchant_id === acme)).toBe(true);
    const dflt = (await ma.get('/api/locations')).json().data;
    expect(dflt.map((l: { id: number }) => l.id)).toEqual(own.map((l: { id: number }) => l.id));
    const select = (await ma.get('/api/locations', { light: 1, scope: 'dropoff' })).json();
    expect(select.meta.total).toBeGreaterThan(0);
  });

  it("looks up by id the locations a merchant admin's shipments reference, whatever their scope", async () => {
    const ship = await t.db.selectFrom('shipments').select(['dropoff_location_id', 'pickup_location_id']).where('merchant_id', '=', acme)
      .where('dropoff_location_id', 'is not', null).where('pickup_location_id', 'is not', null).executeTakeFirstOrThrow();
    const ids = [ship.dropoff_location_id!, ship.pickup_location_id!];
    const res = (await ma.get('/api/locations', { filters: { id: ids } })).json();
    expect(res.data.map((l: { id: number }) => l.id).sort()).toEqual([...ids].sort());
    // The plain list stays narrow: no foreign drop-off locations.
    const list = (await ma.get('/api/locations', { perPage: 100 })).json().data;
    expect(list.every((l: { merchant_id?: number }) => l.merchant_id === acme)).toBe(true);
  });

  it('masks columns and filters for merchant roles', async () => {
    const ship = (await ma.get('/api/shipments', { perPage: 1 })).json().data[0];
    expect(ship).not.toHaveProperty('merchant_id');
    const loc = (await ma.get('/api/locations', { scope: 'pickup' })).json().data[0];
    for (const masked of ['active', 'approved', 'code', 'package_count', 'locker_service']) expect(loc).not.toHaveProperty(masked);
    expect((await sa.get('/api/locations', { perPage: 1 })).json().data[0]).toHaveProperty('code');
    // A masked filter is ignored: the tenant restriction still applies.
    const other = (await ma.get('/api/shipments', { filters: { merchant_id: [acme + 1] } })).json().meta.total;
    expect(other).toBe(await count('shipments', ['merchant_id', acme]));
  });

  it('sends meta.actions per row', async () => {
    const res = (await ma.get('/api/shipments', { filters: { status: [0] } })).json();
    expect(res.data.length).toBeGreaterThan(0);
    // CRUD verdicts; the operation verbs (register, print, ...) come on top (docs/operations-api.md).
    const crud = (actions: string[]) => actions.filter((a) => ['show', 'edit', 'delete'].includes(a));
    // A draft a batch item was converted into stays (record.in_use): no delete there.
    const converted = new Set((await t.db.selectFrom('batch_items').select('shipment_id').where('shipment_id', 'is not', null).execute()).map((r) => r.shipment_id));
    for (const row of res.data) {
      expect(crud(res.meta.actions[row.id])).toEqual(converted.has(row.id) ? ['show', 'edit'] : ['show', 'edit', 'delete']);
    }
    const printed = (await ma.get('/api/shipments', { filters: { status: [20] } })).json();
    for (const row of printed.data) expect(crud(printed.meta.actions[row.id])).toEqual(['show']);
  });

  it('gives packages their shipment reference and edit/delete only while the shipment is a draft (one read of the shipments)', async () => {
    const crud = (actions: string[]) => actions.filter((a) => ['show', 'edit', 'delete'].includes(a));
    const res = (await sa.get('/api/packages', { perPage: 100 })).json();
    const shipments = new Map(
      (await t.db.selectFrom('shipments').select(['id', 'reference_id', 'status']).where('id', 'in', res.data.map((p: { shipment_id: number }) => p.shipment_id)).execute()).map((s) => [s.id, s]),
    );
    const drafts = res.data.filter((p: { shipment_id: number }) => shipments.get(p.shipment_id)!.status === 0);
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.length).toBeLessThan(res.data.length);
    for (const p of res.data as { id: number; shipment_id: number; shipment_reference_id: string }[]) {
      const shipment = shipments.get(p.shipment_id)!;
      expect(p.shipment_reference_id).toBe(shipment.reference_id);
      expect(crud(res.meta.actions[p.id])).toEqual(shipment.status === 0 ? ['show', 'edit', 'delete'] : ['show']);
    }
  });
});
