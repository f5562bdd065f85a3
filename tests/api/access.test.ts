/**
 * Table-driven access test: every resource route (list, show, create, update, delete) x every demo role x
 * own/foreign record -> the expected HTTP status. The expectations are written out below by hand from
 * SPEC section 6 and docs/permissions.md; they are not computed from core/permissions.ts.
 *
 * "own" is a record of the role's merchant (Globex for other.admin, Acme for everyone else); "foreign" is a
 * record of the other merchant. Acme shipments drop off at the PUDO where pudo@ works, Globex ones at a locker.
 * Then user management, and the verbs, bulk endpoints, exports and imports, role by role, own and foreign: a
 * refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, rowCounts, type Client, type TestApp } from './helpers.js';
import { fixture, upload } from './import-support.js';

type Owner = 'acme' | 'globex';
type Resource = 'shipments' | 'packages' | 'batches' | 'batch_items' | 'manifests' | 'locations' | 'location_groups' | 'merchants' | 'users';
type RoleKey = 'superadmin' | 'support' | 'merchant_admin' | 'merchant_user' | 'other_admin' | 'pudo' | 'driver' | 'warehouse';

const EMAIL: Record<RoleKey, string> = {
  superadmin: 'superadmin@example.com',
  support: 'support@example.com',
  merchant_admin: 'merchant.admin@example.com',
  merchant_user: 'merchant.user@example.com',
  other_admin: 'other.admin@example.com',
  pudo: 'pudo@example.com',
  driver: 'driver@example.com',
  warehouse: 'warehouse@example.com',
};

// Columns:           list  show   show     create update update   delete delete
//                          own    foreign         own    foreign  own    foreign
type Row8 = [number, number, number, number, number, number, number, number];
const ALL_OK: Row8 = [200, 200, 200, 201, 200, 200, 200, 200];
const TENANT: Row8 = [200, 200, 404, 201, 200, 404, 200, 404]; // merchant admin confined to its merchant
const READ_OWN: Row8 = [200, 200, 404, 403, 403, 403, 403, 403]; // merchant user: reads its merchant's records
const READ_ALL: Row8 = [200, 200, 200, 403, 403, 403, 403, 403];
const NONE: Row8 = [403, 403, 403, 403, 403, 403, 403, 403];
const LIST_ONLY: Row8 = [200, 403, 403, 403, 403, 403, 403, 403];

const EXPECTED: Record<Resource, Record<RoleKey, Row8>> = {
  shipments: {
    superadmin: ALL_OK, support: ALL_OK, merchant_admin: TENANT, merchant_user: READ_OWN, other_admin: TENANT,
    pudo: NONE, driver: NONE, warehouse: NONE,
  },
  packages: {
    superadmin: ALL_OK, support: ALL_OK, merchant_admin: TENANT, merchant_user: READ_OWN, other_admin: TENANT,
    // PUDO staff see packages destined to their PUDO (the Acme ones here); a draft package is neither
    // carried by the driver nor awaiting pickup, and none is at the warehouse.
    pudo: READ_OWN, driver: [200, 404, 404, 403, 403, 403, 403, 403], warehouse: [200, 404, 404, 403, 403, 403, 403, 403],
  },
  batches: {
    superadmin: ALL_OK, support: ALL_OK, merchant_admin: TENANT, merchant_user: READ_OWN,
    other_admin: NONE, // Globex has no batches feature
    pudo: NONE, driver: NONE, warehouse: NONE,
  },
  batch_items: {
    superadmin: ALL_OK, support: ALL_OK, merchant_admin: TENANT, merchant_user: READ_OWN,
    other_admin: NONE, pudo: NONE, driver: NONE, warehouse: NONE,
  },
  manifests: {
    superadmin: ALL_OK, support: READ_ALL, merchant_admin: TENANT, merchant_user: READ_OWN,
    other_admin: NONE, // Globex has no manifests feature
    pudo: NONE, driver: NONE, warehouse: READ_ALL,
  },
  locations: {
    superadmin: ALL_OK, support: READ_ALL, merchant_admin: TENANT, merchant_user: NONE, other_admin: TENANT,
    pudo: LIST_ONLY, driver: LIST_ONLY, warehouse: LIST_ONLY,
  },
  location_groups: {
    superadmin: ALL_OK, support: NONE, merchant_admin: NONE, merchant_user: NONE, other_admin: NONE,
    pudo: NONE, driver: NONE, warehouse: NONE,
  },
  merchants: {
    superadmin: ALL_OK, support: NONE, merchant_admin: NONE, merchant_user: NONE, other_admin: NONE,
    pudo: NONE, driver: NONE, warehouse: NONE,
  },
  users: {
    superadmin: ALL_OK, support: NONE, merchant_admin: TENANT, merchant_user: NONE, other_admin: TENANT,
    pudo: NONE, driver: NONE, warehouse: NONE,
  },
};

let t: TestApp;
const clients = {} as Record<RoleKey, Client>;
const ids = { merchant: {} as Record<Owner, number>, pudo: 0, locker: 0 };
let seq = 0;

async function ok(res: { statusCode: number; body: string; json(): any }, status = 201) {
  if (res.statusCode !== status) throw new Error(`setup answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Creates a fresh record of `owner` (as superadmin) and returns its id. */
async function make(resource: Resource, owner: Owner): Promise<number> {
  const sa = clients.superadmin;
  const n = ++seq;
  const merchant_id = ids.merchant[owner];
  switch (resource) {
    case 'shipments':
      return (await ok(await sa.post('/api/shipments', {
        merchant_id, first_name: 'Ada', last_name: 'Lovelace', email: `ada${n}@example.net`,
        // A locker texts its pickup code: a locker drop-off needs the customer's mobile (shipment.locker_needs_phone).
        ...(owner === 'acme' ? { dropoff_location_id: ids.pudo } : { dropoff_location_id: ids.locker, phone: '+1 242 502 1234' }),
        packages: [{ size: 'SMALL' }],
      }))).id;
    case 'packages': {
      const shipment = await make('shipments', owner);
      return (await ok(await sa.get(`/api/shipments/${shipment}`), 200)).packages[0].id;
    }
    case 'batches':
      return (await ok(await sa.post('/api/batches', { merchant_id, name: `Batch ${n}` }))).id;
    case 'batch_items':
      return (await ok(await sa.post('/api/batch_items', { batch_id: await make('batches', owner), first_name: 'Bo', last_name: 'Diddley', email: `bo${n}@example.net` }))).id;
    case 'manifests':
      return (await ok(await sa.post('/api/manifests', { merchant_id, name: `Manifest ${n}`, mode: 'air' }))).id;
    case 'locations':
      return (await ok(await sa.post('/api/locations', { merchant_id, name: `Store ${n}`, type: 'pickup', class: 'warehouse', latitude: 25.05, longitude: -77.35 }))).id;
    case 'location_groups':
      return (await ok(await sa.post('/api/location_groups', { name: `Group ${n}` }))).id;
    case 'merchants':
      return (await ok(await sa.post('/api/merchants', { name: `Merchant ${n}` }))).id;
    case 'users':
      return (await ok(await sa.post('/api/users', { first_name: 'Uma', last_name: 'User', email: `uma${n}@example.net`, role: 8, merchant_id, password: 'a-long-password', password_confirmation: 'a-long-password' }))).id;
  }
}

/** A valid create body for `role` (its own merchant's parents where a parent is needed). */
async function createBody(resource: Resource, owner: Owner): Promise<Record<string, unknown>> {
  const n = ++seq;
  const merchant_id = ids.merchant[owner];
  switch (resource) {
    case 'shipments':
      return { merchant_id, first_name: 'Ada', last_name: 'Lovelace', email: `c${n}@example.net`, dropoff_location_id: ids.pudo, packages: [{ size: 'SMALL' }] };
    case 'packages': {
      const shipment = await make('shipments', owner);
      return { shipment_id: shipment, size: 'MEDIUM' };
    }
    case 'batches':
      return { merchant_id, name: `Batch ${n}` };
    case 'batch_items':
      return { batch_id: await make('batches', owner), first_name: 'Bo', last_name: 'Diddley', email: `c${n}@example.net` };
    case 'manifests':
      return { merchant_id, name: `Manifest ${n}`, mode: 'road' };
    case 'locations':
      return { merchant_id, name: `Store ${n}`, type: 'pickup', class: 'pudo', latitude: 25.05, longitude: -77.35 };
    case 'location_groups':
      return { name: `Group ${n}` };
    case 'merchants':
      return { name: `Merchant ${n}` };
    case 'users':
      return { first_name: 'Uma', last_name: 'User', email: `c${n}@example.net`, role: 8, merchant_id };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(EMAIL) as RoleKey[]) clients[role] = await login(t.app, EMAIL[role]);
  const merchants = await t.db.selectFrom('merchants').select(['id', 'name']).execute();
  ids.merchant.acme = merchants.find((m) => m.name === 'Acme Outfitters')!.id;
  ids.merchant.globex = merchants.find((m) => m.name === 'Globex')!.id;
  ids.pudo = (await t.db.selectFrom('locations').select('id').where('code', '=', 'PD-NAS-01').executeTakeFirstOrThrow()).id;
  ids.locker = (await t.db.selectFrom('locations').select('id').where('code', '=', 'LK-NAS-01').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const ROLE_KEYS = Object.keys(EMAIL) as RoleKey[];
const RESOURCE_KEYS = Object.keys(EXPECTED) as Resource[];

describe.each(RESOURCE_KEYS)('%s', (resource) => {
  it.each(ROLE_KEYS)('as %s', async (role) => {
    const c = clients[role];
    const own: Owner = role === 'other_admin' ? 'globex' : 'acme';
    const foreign: Owner = own === 'acme' ? 'globex' : 'acme';
    const [ownId, foreignId] = [await make(resource, own), await make(resource, foreign)];
    const got: number[] = [];
    got.push((await c.get(`/api/${resource}`)).statusCode);
    got.push((await c.get(`/api/${resource}/${ownId}`)).statusCode);
    got.push((await c.get(`/api/${resource}/${foreignId}`)).statusCode);
    got.push((await c.post(`/api/${resource}`, await createBody(resource, own))).statusCode);
    got.push((await c.put(`/api/${resource}/${ownId}`, {})).statusCode);
    got.push((await c.put(`/api/${resource}/${foreignId}`, {})).statusCode);
    got.push((await c.delete(`/api/${resource}/${ownId}`)).statusCode);
    got.push((await c.delete(`/api/${resource}/${foreignId}`)).statusCode);
    expect(got).toEqual(EXPECTED[resource][role]);
  });
});

/**
 * User management across two merchants and every role (core/policies/users.policy.ts): who may list, show,
 * update, delete and take an API token for whom. Targets: a merchant user of Acme and of Globex, a staff
 * account (support, no merchant), a legacy staff row that carries Acme's id, and the actor itself.
 */
describe('user management', () => {
  type Target = 'acme_user' | 'globex_user' | 'staff' | 'legacy_staff_acme' | 'self';
  // Columns: show, update, request-token, delete
  type Row4 = [number, number, number, number];
  const MANAGED: Row4 = [200, 200, 200, 200];
  const FOREIGN: Row4 = [404, 404, 404, 404];
  const REFUSED: Row4 = [403, 403, 403, 403];
  const SELF_MANAGER: Row4 = [200, 200, 200, 400]; // nobody deletes themselves
  const SELF_ONLY: Row4 = [200, 200, 200, 403];
  const merchantAdmin = (own: 'acme_user' | 'globex_user'): Record<Target, Row4> => ({
    acme_user: own === 'acme_user' ? MANAGED : FOREIGN,
    globex_user: own === 'globex_user' ? MANAGED : FOREIGN,
    staff: FOREIGN,
    legacy_staff_acme: FOREIGN,
    self: SELF_MANAGER,
  });
  const selfOnly: Record<Target, Row4> = { acme_user: REFUSED, globex_user: REFUSED, staff: REFUSED, legacy_staff_acme: REFUSED, self: SELF_ONLY };
  const USER_EXPECTED: Record<RoleKey, Record<Target, Row4>> = {
    superadmin: { acme_user: MANAGED, globex_user: MANAGED, staff: MANAGED, legacy_staff_acme: MANAGED, self: SELF_MANAGER },
    merchant_admin: merchantAdmin('acme_user'),
    other_admin: merchantAdmin('globex_user'),
    support: selfOnly,
    merchant_user: selfOnly,
    pudo: selfOnly,
    driver: selfOnly,
    warehouse: selfOnly,
  };
  // list status and the targets it shows; create of a merchant user of the actor's merchant; create of a support account
  const LISTS: Record<RoleKey, { list: number; shows: Target[]; createMerchantUser: number; createStaff: number }> = {
    superadmin: { list: 200, shows: ['acme_user', 'globex_user', 'staff', 'legacy_staff_acme', 'self'], createMerchantUser: 201, createStaff: 201 },
    merchant_admin: { list: 200, shows: ['acme_user', 'self'], createMerchantUser: 201, createStaff: 422 },
    other_admin: { list: 200, shows: ['globex_user', 'self'], createMerchantUser: 201, createStaff: 422 },
    support: { list: 403, shows: [], createMerchantUser: 403, createStaff: 403 },
    merchant_user: { list: 403, shows: [], createMerchantUser: 403, createStaff: 403 },
    pudo: { list: 403, shows: [], createMerchantUser: 403, createStaff: 403 },
    driver: { list: 403, shows: [], createMerchantUser: 403, createStaff: 403 },
    warehouse: { list: 403, shows: [], createMerchantUser: 403, createStaff: 403 },
  };

  async function newUser(role: number, merchant_id: number | null): Promise<number> {
    const n = ++seq;
    return (await ok(await clients.superadmin.post('/api/users', { first_name: 'Tia', last_name: 'Target', email: `target${n}@example.net`, role, merchant_id }))).id;
  }

  /** A staff row carrying a merchant id, as older data may hold it (the API no longer writes one). */
  async function legacyStaff(merchant_id: number): Promise<number> {
    const id = await newUser(2, null);
    await t.db.updateTable('users').set({ merchant_id }).where('id', '=', id).execute();
    return id;
  }

  async function targets(c: Client): Promise<Record<Target, number>> {
    return {
      acme_user: await newUser(8, ids.merchant.acme),
      globex_user: await newUser(8, ids.merchant.globex),
      staff: await newUser(2, null),
      legacy_staff_acme: await legacyStaff(ids.merchant.acme),
      self: (await ok(await c.get('/api/user'), 200)).id,
    };
  }

  it.each(ROLE_KEYS)('as %s', async (role) => {
    const c = clients[role];
    const target = await targets(c);
    const got = {} as Record<Target, number[]>;
    for (const key of Object.keys(target) as Target[]) {
      const id = target[key];
      got[key] = [
        (await c.get(`/api/users/${id}`)).statusCode,
        (await c.put(`/api/users/${id}`, { first_name: 'Changed' })).statusCode,
        (await c.get(`/api/users/${id}/request-token`)).statusCode,
        (await c.delete(`/api/users/${id}`)).statusCode,
      ];
    }
    expect(got).toEqual(USER_EXPECTED[role]);
    // A request-token answer for a user who may not have it issued nothing.
    const refused = (Object.keys(target) as Target[]).filter((key) => USER_EXPECTED[role][key][2] !== 200).map((key) => target[key]);
    if (refused.length) expect(await t.db.selectFrom('api_tokens').select('id').where('user_id', 'in', refused).execute()).toEqual([]);

    const fresh = await targets(c);
    const list = await c.get('/api/users', { perPage: 500 });
    expect(list.statusCode).toBe(LISTS[role].list);
    const listed = new Set(list.statusCode === 200 ? (list.json().data as { id: number }[]).map((u) => u.id) : []);
    expect((Object.keys(fresh) as Target[]).filter((key) => listed.has(fresh[key]))).toEqual(LISTS[role].shows);

    const own = role === 'other_admin' ? ids.merchant.globex : ids.merchant.acme;
    const body = (r: number, merchant_id: number | null) => ({ first_name: 'Nia', last_name: 'New', email: `new${++seq}@example.net`, role: r, merchant_id });
    expect((await c.post('/api/users', body(8, own))).statusCode).toBe(LISTS[role].createMerchantUser);
    expect((await c.post('/api/users', body(2, null))).statusCode).toBe(LISTS[role].createStaff);
  });
});

/**
 * Verbs, bulk endpoints, exports and imports across two merchants and every role. Each endpoint is called on a
 * fresh record of the role's own merchant and one of the other merchant; each cell is the HTTP status, and a
 * refused call (4xx) must leave every table's row count and the record itself as they were.
 */
describe('verbs, bulk endpoints, exports and imports', () => {
  type Pair = [own: number, foreign: number];
  interface Endpoint {
    /** The record the call targets (made by the superadmin for `owner`). */
    setup(owner: Owner): Promise<number>;
    call(c: Client, id: number): Promise<{ statusCode: number; body: string }>;
    /** What the call would change on the record (compared before/after a refusal). */
    state(id: number): Promise<unknown>;
  }
  const shipmentState = (id: number) => t.db.selectFrom('shipments').select(['status', 'updated_at', 'pickup_requested_at']).where('id', '=', id).executeTakeFirst();
  const packageState = (id: number) => t.db.selectFrom('packages').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirst();
  /** A registered (10) shipment, printable; it drops off at the PUDO. */
  const registered = async (owner: Owner) => {
    const id = (await ok(await clients.superadmin.post('/api/shipments', {
      merchant_id: ids.merchant[owner], first_name: 'Ada', last_name: 'Lovelace', email: `r${++seq}@example.net`, dropoff_location_id: ids.pudo, packages: [{ size: 'SMALL' }],
    }))).id;
    await ok(await clients.superadmin.post(`/api/shipments/${id}/register`, {}), 200);
    return id;
  };
  const ENDPOINTS: Record<string, Endpoint> = {
    'POST shipments/:id/register': { setup: (o) => make('shipments', o), // Globex's drops off at a locker (with a phone)
      call: (c, id) => c.post(`/api/shipments/${id}/register`, {}), state: shipmentState },
    'POST packages/:id/cancel': { setup: (o) => make('packages', o), call: (c, id) => c.post(`/api/packages/${id}/cancel`, {}), state: packageState },
    'POST batches/:id/start': {
      setup: async (o) => (await ok(await clients.superadmin.get(`/api/batch_items/${await make('batch_items', o)}`), 200)).batch_id,
      call: (c, id) => c.post(`/api/batches/${id}/start`, {}),
      state: (id) => t.db.selectFrom('batches').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirst(),
    },
    'POST manifests/:id/finalize': {
      setup: (o) => make('manifests', o),
      call: (c, id) => c.post(`/api/manifests/${id}/finalize`, {}),
      state: (id) => t.db.selectFrom('manifests').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirst(),
    },
    'POST locations/:id/approve': {
      setup: (o) => make('locations', o),
      call: (c, id) => c.post(`/api/locations/${id}/approve`, {}),
      state: (id) => t.db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst(),
    },
    'POST shipments/bulk-print (bulk)': { setup: registered, call: (c, id) => c.post('/api/shipments/bulk-print', { ids: [id] }), state: shipmentState },
    'GET shipments/export': {
      setup: (o) => make('shipments', o),
      call: async (c, id) => {
        const res = await c.get('/api/shipments/export', { ids: [id], format: 'csv' });
        const reference = (await t.db.selectFrom('shipments').select('reference_id').where('id', '=', id).executeTakeFirstOrThrow()).reference_id;
        // An export answers 200 with only the rows the actor may read: a foreign id is simply absent (204 stands for "not in it").
        return { statusCode: res.statusCode === 200 && !res.body.includes(reference) ? 204 : res.statusCode, body: res.body };
      },
      state: shipmentState,
    },
    'GET shipments/import/template': { setup: async () => 0, call: (c) => c.get('/api/shipments/import/template', { format: 'csv' }), state: async () => null },
    'POST shipments/import/upload': {
      setup: async (o) => ids.merchant[o],
      call: (c, merchantId) => upload(c, fixture('good-shipments.csv'), { merchant_id: String(merchantId) }),
      state: async () => null,
    },
    'POST batches/:id/items/import/upload': {
      setup: async (o) => (await ok(await clients.superadmin.get(`/api/batch_items/${await make('batch_items', o)}`), 200)).batch_id,
      call: (c, id) => upload(c, fixture('header-only.csv'), {}, `/api/batches/${id}/items/import/upload`),
      state: (id) => t.db.selectFrom('batches').select(['status', 'updated_at', 'item_count']).where('id', '=', id).executeTakeFirst(),
    },
  };

  /**
   * [own, foreign] per role, written by hand from docs/permissions.md. 404: the record is outside the actor's
   * reach (tenancy) and the role passed the gate; 403: the role (or its merchant's features) is refused first.
   * Notes: Globex's shipment drops off at a locker (with the customer's phone, which a locker needs). bulk-print answers one 400 shipment.print_failed listing
   * each id it could not print (not_found, forbidden). An export answers 200 with only the rows the actor reads:
   * 204 here means "200, the record is not in it". A merchant role's upload goes to its own merchant whatever
   * merchant_id it names (api/resources/owner.ts). The batch item upload sends a header-only file: 422
   * import.empty shows the gate let the call through.
   */
  const R = (superadmin: Pair, support: Pair, merchant_admin: Pair, merchant_user: Pair, other_admin: Pair, pudo: Pair, driver: Pair, warehouse: Pair) =>
    ({ superadmin, support, merchant_admin, merchant_user, other_admin, pudo, driver, warehouse }) as Record<RoleKey, Pair>;
  const F: Pair = [403, 403];
  const VERB_EXPECTED: Record<string, Record<RoleKey, Pair>> = {
    'POST shipments/:id/register': R([200, 200], [200, 200], [200, 404], [403, 404], [200, 404], [404, 404], [404, 404], [404, 404]),
    'POST packages/:id/cancel': R([200, 200], [200, 200], [200, 404], [403, 404], [200, 404], [403, 404], [404, 404], [404, 404]),
    'POST batches/:id/start': R([200, 200], [200, 200], [200, 404], F, F, F, F, F),
    'POST manifests/:id/finalize': R([200, 200], F, [200, 404], F, F, F, F, F),
    'POST locations/:id/approve': R([200, 200], [200, 200], F, F, F, F, F, F),
    'POST shipments/bulk-print (bulk)': R([200, 200], [200, 200], [200, 400], [400, 400], [200, 400], [400, 400], [400, 400], [400, 400]),
    'GET shipments/export': R([200, 200], [200, 200], [200, 204], [200, 204], [200, 204], F, F, F),
    'GET shipments/import/template': R([200, 200], [200, 200], [200, 200], F, [200, 200], F, F, F),
    'POST shipments/import/upload': R([200, 200], [200, 200], [200, 200], F, [200, 200], F, F, F),
    'POST batches/:id/items/import/upload': R([422, 422], [422, 422], [422, 404], F, F, F, F, F),
  };

  describe.each(Object.keys(ENDPOINTS))('%s', (name) => {
    it.each(ROLE_KEYS)('as %s', async (role) => {
      const endpoint = ENDPOINTS[name]!;
      const c = clients[role];
      const own: Owner = role === 'other_admin' ? 'globex' : 'acme';
      const foreign: Owner = own === 'acme' ? 'globex' : 'acme';
      const got: number[] = [];
      for (const owner of [own, foreign]) {
        const id = await endpoint.setup(owner);
        const fingerprint = rowCounts(t.db);
        const [countsBefore, before] = [await fingerprint(), await endpoint.state(id)];
        const res = await endpoint.call(c, id);
        got.push(res.statusCode);
        if (res.statusCode >= 400) {
          expect(await fingerprint(), `${role} ${name}: refused, yet rows were added or removed`).toBe(countsBefore);
          expect(await endpoint.state(id), `${role} ${name}: refused, yet the record changed`).toEqual(before);
        }
      }
      expect(got).toEqual(VERB_EXPECTED[name]![role]);
    });
  });
});
