/**
 * Two or more identical requests at once (a double click, two tabs, a retried request): exactly the right number
 * succeed, the others get the coded refusal a request sent a moment later would get (never a 500), and nothing is
 * stored twice. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL, where the transactions really overlap.
 * Before: a second create racing past the e-mail, location code or barcode check hit the unique index and answered
 * 500; two saves of one import upload both stored its rows, and so did saves of one file uploaded twice; two API token requests (or password reset links) left
 * two live ones; a merchant's first webhook save sent twice answered 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { translate } from '../../core/i18n/index.js';
import { bearer, createTestApp, guest, login, type Client, type TestApp } from './helpers.js';
import { addImportLocations, countAll, upload } from './import-support.js';
import { locationIds } from './operations-support.js';

let t: TestApp;
let sa: Client;
let ma: Client;
let driver: Client;
let id: Record<'pudo', number>;

beforeAll(async () => {
  t = await createTestApp({ config: { webhookAllowPrivateHosts: ['127.0.0.1'] } });
  await addImportLocations(t.db);
  [sa, ma, driver] = await Promise.all(['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com'].map((e) => login(t.app, e)));
  id = await locationIds(t.db, { pudo: 'PD-NAS-01' });
});
afterAll(async () => {
  await t?.close();
});

const AT_ONCE = 3;
const atOnce = (send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: AT_ONCE }, send));

/** One answer `okStatus`, every other one `status` with `code` (and, when given, the translated message on `field`). */
function expectOneWinner(results: LightMyRequestResponse[], okStatus: number, refusal: { status: number; code: string; field?: string; message?: string }) {
  const statuses = results.map((r) => r.statusCode);
  expect(statuses.filter((s) => s === okStatus), results.map((r) => r.body.slice(0, 200)).join('\n')).toHaveLength(1);
  for (const r of results.filter((x) => x.statusCode !== okStatus)) {
    expect(r.statusCode, r.body).toBe(refusal.status);
    expect(r.json().code).toBe(refusal.code);
    if (refusal.field) expect(r.json().errors?.[refusal.field]).toBe(refusal.message);
  }
}

describe('the same create at once', () => {
  it('users with one e-mail (the password hashed between check and insert): one is created, the others are told the e-mail is taken', async () => {
    const body = { first_name: 'Tess', last_name: 'Twin', email: 'tess.twin@example.net', role: 8, password: 'a-long-password', password_confirmation: 'a-long-password' };
    const results = await atOnce(() => ma.post('/api/users', body));
    expectOneWinner(results, 201, { status: 422, code: 'user.email_taken', field: 'email', message: translate('en', 'errors.user.email_taken') });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toHaveLength(1);
  });

  it('users without a password: one account and one create-password mail', async () => {
    const email = 'tom.twin@example.net';
    const results = await atOnce(() => ma.post('/api/users', { first_name: 'Tom', last_name: 'Twin', email, role: 8 }));
    expectOneWinner(results, 201, { status: 422, code: 'user.email_taken', field: 'email', message: translate('en', 'errors.user.email_taken') });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
    expect(t.mailer.messages.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('locations with one code: one is created, the others are told the code is taken', async () => {
    const body = { name: 'Twin Point', code: 'TWIN-01', class: 'pudo', type: 'dropoff', latitude: 25.05, longitude: -77.35, address_street: 'Bay Street', address_locality: 'Nassau', address_country: 'BS' };
    const results = await atOnce(() => sa.post('/api/locations', body));
    expectOneWinner(results, 201, { status: 422, code: 'validation.failed', field: 'code', message: translate('en', 'validation.unique') });
    expect(await t.db.selectFrom('locations').select('id').where('code', '=', 'TWIN-01').execute()).toHaveLength(1);
  });

  it("shipments with one merchant barcode: one shipment, the others are told the package's barcode is taken", async () => {
    const body = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', dropoff_location_id: id.pudo, packages: [{ size: 'SMALL', barcode: 'TWIN-BARCODE-1' }] };
    const shipments = await countAll(t.db, 'shipments');
    const results = await atOnce(() => ma.post('/api/shipments', body));
    expectOneWinner(results, 201, { status: 422, code: 'validation.failed', field: 'packages.0.barcode', message: translate('en', 'validation.unique') });
    expect(await t.db.selectFrom('packages').select('id').where('barcode', '=', 'TWIN-BARCODE-1').execute()).toHaveLength(1);
    expect(await countAll(t.db, 'shipments')).toBe(shipments + 1);
  });

  it("one unknown barcode fetched from the merchant's service at once: one shipment and package, the other scans are told it exists", async () => {
    const events = await countAll(t.db, 'events');
    const results = await atOnce(() => driver.post('/api/packages/fetch', { barcode: 'AP1000000001' }));
    expectOneWinner(results, 201, { status: 422, code: 'validation.failed', field: 'barcode', message: translate('en', 'validation.unique') });
    expect(await t.db.selectFrom('packages').select('id').where('barcode', '=', 'AP1000000001').execute()).toHaveLength(1);
    expect(await countAll(t.db, 'events')).toBe(events + 2); // the shipment's and the package's 'created'
  });
});

describe('the same import upload saved at once', () => {
  it('stores its shipments once; the other saves find the upload spent (404)', async () => {
    // Generated barcodes: nothing in the file itself would clash, so before both saves stored every row.
    const csv = 'external_reference_id,first_name,last_name,email,dropoff_location,size\nTW-1,Ana,Rolle,ana@example.com,NAS-PUDO-01,SMALL\nTW-2,Ben,Knowles,ben@example.com,NAS-PUDO-01,MEDIUM\n';
    const sent = await upload(ma, { name: 'twins.csv', content: csv });
    expect(sent.statusCode, sent.body).toBe(200);
    const uploadId = sent.json().data.id;
    const before = { shipments: await countAll(t.db, 'shipments'), packages: await countAll(t.db, 'packages') };
    const results = await atOnce(() => ma.post(`/api/shipments/import/${uploadId}/save`, { only_valid: false }));
    expectOneWinner(results, 200, { status: 404, code: 'not_found' });
    expect(results.find((r) => r.statusCode === 200)!.json().data.created).toHaveLength(2);
    expect(await countAll(t.db, 'shipments')).toBe(before.shipments + 2);
    expect(await countAll(t.db, 'packages')).toBe(before.packages + 2);
    expect(await t.db.selectFrom('shipments').select('id').where('external_reference_id', 'in', ['TW-1', 'TW-2']).execute()).toHaveLength(2);
    expect(await countAll(t.db, 'import_uploads')).toBe(0);
  });
});

describe('one file uploaded twice and both uploads saved at once', () => {
  it("stores its order numbers once; the other save is told they exist, and stores nothing", async () => {
    // Two tabs, or a double-clicked upload: two upload ids for one file, each checked before either save stored.
    const csv = 'external_reference_id,first_name,last_name,email,dropoff_location,size\nTWU-1,Ana,Rolle,ana@example.com,NAS-PUDO-01,SMALL\nTWU-2,Ben,Knowles,ben@example.com,NAS-PUDO-01,MEDIUM\n';
    const ids: string[] = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const sent = await upload(ma, { name: 'twice.csv', content: csv });
      expect(sent.statusCode, sent.body).toBe(200);
      ids.push(sent.json().data.id);
    }
    const before = { shipments: await countAll(t.db, 'shipments'), packages: await countAll(t.db, 'packages') };
    const results = await Promise.all(ids.map((uploadId) => ma.post(`/api/shipments/import/${uploadId}/save`, { only_valid: false })));
    expect(results.filter((r) => r.statusCode === 200), results.map((r) => r.body.slice(0, 200)).join('\n')).toHaveLength(1);
    // A save whose check ran after the winner stored sees the rows as existing orders; one that checked before is
    // refused inside its transaction.
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(422);
      const { code, message } = refused.json();
      if (code === 'import.invalid_rows') continue;
      expect(code).toBe('import.references_taken');
      expect(message).toBe(translate('en', 'errors.import.references_taken', { smart_count: 2, references: 'TWU-1, TWU-2' }));
    }
    expect(await countAll(t.db, 'shipments')).toBe(before.shipments + 2);
    expect(await countAll(t.db, 'packages')).toBe(before.packages + 2);
    expect(await t.db.selectFrom('shipments').select('id').where('external_reference_id', 'in', ['TWU-1', 'TWU-2']).execute()).toHaveLength(2);
  });
});

describe('API tokens requested at once', () => {
  it('leave one live token, as requests one after the other do', async () => {
    const me = (await ma.get('/api/user')).json().data.id as number;
    const results = await atOnce(() => ma.get(`/api/users/${me}/request-token`));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    expect(await t.db.selectFrom('api_tokens').select('id').where('user_id', '=', me).execute()).toHaveLength(1);
    const working: number[] = [];
    for (const r of results) if ((await bearer(t.app, r.json().token).get('/api/user')).statusCode === 200) working.push(1);
    expect(working).toHaveLength(1);
  });
});

describe('password reset links asked for at once', () => {
  it('leave one live link, as requests one after the other do (each mail is sent; only one link sets the password)', async () => {
    const email = 'support@example.com';
    const customer = await guest(t.app);
    const results = await atOnce(() => customer.post('/api/forgot-password', { email }));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    expect(await t.db.selectFrom('password_tokens').select('id').where('user_id', '=', userId).where('used_at', 'is', null).execute()).toHaveLength(1);
    const links = t.mailer.messages.filter((m) => m.to === email).map((m) => new URL(/http\S+/.exec(String(m.text))![0]).searchParams.get('token')!);
    expect(links).toHaveLength(AT_ONCE);
    const password = 'a-new-long-password';
    const resets: number[] = [];
    for (const token of links) resets.push((await customer.post('/api/reset-password', { token, email, password, password_confirmation: password })).statusCode);
    expect(resets.sort()).toEqual([200, ...Array.from({ length: AT_ONCE - 1 }, () => 422)]);
  });
});

describe("a merchant's first webhook endpoint saved at once", () => {
  it('stores one endpoint and answers every save', async () => {
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    const body = { url: 'http://127.0.0.1:9/lockerline-hook', secret: 'merchant-shared-secret-123' };
    const save = () => ma.put(`/api/merchants/${merchantId}/webhook`, body);
    let results: LightMyRequestResponse[];
    if (t.dialect === 'postgres') {
      // The window (one read, then the insert) is short: on PostgreSQL the saves are made to meet in it. A lock the
      // test holds lets them read but not write; once every one waits on it, it is released.
      results = await t.db.connection().execute(async (conn) => {
        await sql`begin`.execute(conn);
        await sql`lock table webhook_endpoints in share mode`.execute(conn);
        const answers = atOnce(save);
        const waiting = sql<{ n: string }>`select count(*) as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "webhook_endpoints"%'`;
        await expect.poll(async () => Number((await waiting.execute(t.db)).rows[0]!.n)).toBe(AT_ONCE);
        await sql`commit`.execute(conn);
        return answers;
      });
    } else results = await atOnce(save);
    for (const r of results) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data).toMatchObject({ url: body.url, has_secret: true });
    }
    expect(await t.db.selectFrom('webhook_endpoints').select('id').where('merchant_id', '=', merchantId).execute()).toHaveLength(1);
  });
});
