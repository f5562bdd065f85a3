/**
 * Resource rules: create/update/delete per resource, optimistic concurrency, validation messages in English
 * and Spanish, oversized-needs-PUDO, events, user/can, dashboard statistics and merchant preferences.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { ROLES } from '../../core/roles.js';

let t: TestApp;
let sa: Client;
let ma: Client; // Acme merchant admin
let mu: Client; // Acme merchant user
let oa: Client; // Globex merchant admin
const id = { acme: 0, globex: 0, pudo: 0, locker: 0, acmeStore: 0, maUser: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [sa, ma, mu, oa] = await Promise.all(
    ['superadmin@example.com', 'merchant.admin@example.com', 'merchant.user@example.com', 'other.admin@example.com'].map((e) => login(t.app, e)),
  );
  const m = await t.db.selectFrom('merchants').select(['id', 'name']).execute();
  id.acme = m.find((x) => x.name === 'Acme Outfitters')!.id;
  id.globex = m.find((x) => x.name === 'Globex')!.id;
  const loc = async (code: string) => (await t.db.selectFrom('locations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  id.pudo = await loc('PD-NAS-01');
  id.locker = await loc('LK-NAS-01');
  id.acmeStore = await loc('PU-ACME-01');
  id.maUser = (await t.db.selectFrom('users').select('id').where('email', '=', 'merchant.admin@example.com').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

const shipmentBody = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.net',
  dropoff_location_id: id.pudo,
  packages: [{ size: 'SMALL', description: 'Shoes' }],
  ...extra,
});

describe('shipments', () => {
  it('creates with defaults, a reference, barcodes, package_count and events; merchant implicit for merchant roles', async () => {
    const res = await ma.post('/api/shipments', shipmentBody({ merchant_id: id.globex, country: 'XX', packages: [{ size: 'SMALL' }, { size: 'LARGE', barcode: 'merchant-123456' }] }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s.reference_id).toMatch(/^LL\d{10}$/);
    expect(s).toMatchObject({ type: 'standard', country: 'BS', locale: 'en', status: 0, package_count: 2 });
    expect(s.merchant_id).toBeUndefined(); // masked for merchant roles
    const stored = await t.db.selectFrom('shipments').select(['merchant_id', 'created_by']).where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ merchant_id: id.acme, created_by: id.maUser });
    expect(s.packages.map((p: { barcode: string }) => p.barcode)).toEqual([expect.stringMatching(/^LP\d{12}$/), 'MERCHANT-123456']);
    expect(s.events).toEqual([expect.objectContaining({ kind: 'created', to_status: 0, actor_id: id.maUser })]);
    expect(res.json().meta.actions).toEqual(expect.arrayContaining(['show', 'edit', 'delete']));
  });

  it('requires merchant_id from superadmins and refuses bad input with SPEC messages in English and Spanish', async () => {
    const res = await sa.post('/api/shipments', { packages: [{ size: 'HUGE' }] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { merchant_id: 'This field is required.' } });
    const missing = await ma.post('/api/shipments', { packages: [{ size: 'HUGE' }] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('The form is not completed.');
    expect(missing.json().errors).toMatchObject({ first_name: 'This field is required.', dropoff_location_id: 'This field is required.', 'packages.0.size': 'Must be one of the allowed values.' });
    // A signed-in user's own locale decides the language; give this one Spanish.
    await sa.post('/api/users', { first_name: 'Eva', last_name: 'Espanol', email: 'eva@example.net', role: 4, merchant_id: id.acme, locale: 'es', password: 'a-long-password', password_confirmation: 'a-long-password' });
    const spanish = await login(t.app, 'eva@example.net', 'a-long-password');
    const es = await spanish.request({ method: 'POST', url: '/api/shipments', body: { first_name: 'A' }, headers: { 'accept-language': 'es' } });
    expect(es.statusCode).toBe(422);
    expect(es.json().errors.last_name).toBe('Este campo es obligatorio.');
    expect(es.json().message).toBe('El formulario no está completo.');
  });

  it("takes only the merchant's content types as contents with the content feature, as the import does (any text was stored)", async () => {
    const types = 'Apparel, Footwear, Accessories, Outdoor gear'; // Acme's demo content types
    const count = async () => (await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const refused = await ma.post('/api/shipments', shipmentBody({ contents: 'Not a type' }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'validation.failed', errors: { contents: `Must be one of your content types: ${types}.` } });
    const spanish = await login(t.app, 'eva@example.net', 'a-long-password'); // Acme's Spanish-speaking admin (above)
    const es = await spanish.post('/api/shipments', shipmentBody({ contents: 'Ropa' }));
    expect(es.statusCode).toBe(422);
    expect(es.json().errors.contents).toBe(`Debe ser uno de tus tipos de contenido: ${types}.`);
    expect(Number(await count())).toBe(before);
    // Matched ignoring case, stored as the merchant spells it.
    const created = await ma.post('/api/shipments', shipmentBody({ contents: 'apparel' }));
    expect(created.statusCode, created.body).toBe(201);
    const shipment = created.json().data;
    expect(shipment.contents).toBe('Apparel');
    const edit = (body: Record<string, unknown>) => ma.put(`/api/shipments/${shipment.id}`, { ...body, updated_at: shipment.updated_at });
    const badEdit = await edit({ contents: 'Groceries' });
    expect(badEdit.statusCode).toBe(422);
    expect(badEdit.json().errors.contents).toBe(`Must be one of your content types: ${types}.`);
    // A type the merchant has since removed stays on the shipment when other fields are edited.
    await t.db.updateTable('shipments').set({ contents: 'Retired type' }).where('id', '=', shipment.id).execute();
    const other = await edit({ first_name: 'Adah', contents: 'Retired type' });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toMatchObject({ first_name: 'Adah', contents: 'Retired type' });
    // Without the content feature (Globex) contents is free text.
    const free = await oa.post('/api/shipments', shipmentBody({ contents: 'Anything at all' }));
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().data.contents).toBe('Anything at all');
  });

  it('needs an active drop-off location, and a PUDO one for oversized packages', async () => {
    const pickup = await ma.post('/api/shipments', shipmentBody({ dropoff_location_id: id.acmeStore }));
    expect(pickup.statusCode).toBe(422);
    expect(Object.keys(pickup.json().errors)).toEqual(['dropoff_location_id']);
    const locker = await ma.post('/api/shipments', shipmentBody({ dropoff_location_id: id.locker, packages: [{ size: 'OVERSIZED' }] }));
    expect(locker.statusCode).toBe(422);
    expect(locker.json().code).toBe('package.oversized_needs_pudo');
    expect(locker.json().errors.dropoff_location_id).toBe('Oversized packages must be dropped off at a PUDO location');
    const pudo = await ma.post('/api/shipments', shipmentBody({ packages: [{ size: 'OVERSIZED' }] }));
    expect(pudo.statusCode).toBe(201);
  });

  it('answers a number JSON cannot hold (1e309, read as Infinity) with the numeric message on its field, not "a list or an object"', async () => {
    const res = await ma.request({ method: 'POST', url: '/api/batches', body: '{"name":"Too far","offset":1e309}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { offset: 'Must be numeric.' } });
  });

  it("needs the customer's mobile for a locker drop-off (the locker texts the pickup code), on create and on update", async () => {
    const before = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const none = await ma.post('/api/shipments', shipmentBody({ dropoff_location_id: id.locker }));
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ code: 'shipment.locker_needs_phone', errors: { phone: expect.stringMatching(/^A locker drop-off needs the customer’s mobile number/) } });
    const after = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const spanish = await ma.request({ method: 'POST', url: '/api/shipments', body: shipmentBody({ dropoff_location_id: id.locker, phone: '  ' }), headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().code).toBe('shipment.locker_needs_phone');
    const created = await ma.post('/api/shipments', shipmentBody({ dropoff_location_id: id.locker, phone: '+1 242 502 1234' }));
    expect(created.statusCode).toBe(201);
    const s = created.json().data;
    const cleared = await ma.put(`/api/shipments/${s.id}`, { updated_at: s.updated_at, phone: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().code).toBe('shipment.locker_needs_phone');
    // Without a phone the customer collects at a PUDO point: moving there is fine.
    const moved = await ma.put(`/api/shipments/${s.id}`, { updated_at: s.updated_at, phone: null, dropoff_location_id: id.pudo });
    expect(moved.statusCode).toBe(200);
  });

  it('never takes a warehouse as the drop-off of a shipment or a batch item: a coded 422, nothing written', async () => {
    const { id: _pudoId, ...pudo } = await t.db.selectFrom('locations').selectAll().where('id', '=', id.pudo).executeTakeFirstOrThrow();
    const warehouse = (await t.db.insertInto('locations').values({ ...pudo, name: 'Nassau Warehouse', code: 'WH-NAS-99', class: 'warehouse', type: 'dropoff' }).returning('id').executeTakeFirstOrThrow()).id;
    const before = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await ma.post('/api/shipments', shipmentBody({ dropoff_location_id: warehouse }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'location.warehouse_not_dropoff', errors: { dropoff_location_id: expect.stringMatching(/warehouse/) } });
    const after = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const batch = (await ma.post('/api/batches', { name: 'Warehouse refusal' })).json().data;
    const item = await ma.post('/api/batch_items', { batch_id: batch.id, first_name: 'Cy', last_name: 'Young', phone: '242 441 0000', pickup_location_id: warehouse });
    expect(item.statusCode).toBe(422);
    expect(item.json().code).toBe('location.warehouse_not_dropoff');
    // The pickers' light list offers drop-offs of the customer classes only.
    const light = await ma.get('/api/locations?light=1&scope=dropoff&filters[class][0]=locker&filters[class][1]=pudo&perPage=100');
    expect(light.json().data.map((l: { id: number }) => l.id)).not.toContain(warehouse);
    expect(light.json().data.find((l: { id: number }) => l.id === id.pudo)).toMatchObject({ name: expect.any(String), class: 'pudo', locality: pudo.address_locality });
    await t.db.deleteFrom('locations').where('id', '=', warehouse).execute();
  });

  it('refuses a barcode already in use, writing nothing', async () => {
    const first = (await ma.post('/api/shipments', shipmentBody({ packages: [{ size: 'SMALL', barcode: 'DUP-000001' }] }))).json().data;
    const before = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await ma.post('/api/shipments', shipmentBody({ packages: [{ size: 'SMALL', barcode: 'dup-000001' }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['packages.0.barcode']).toBe('This value is already in use.');
    const after = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(first.packages[0].barcode).toBe('DUP-000001');
  });

  it('updates with optimistic concurrency: a stale updated_at gets 409 and the SPEC message', async () => {
    const s = (await ma.post('/api/shipments', shipmentBody())).json().data;
    const ok = await ma.put(`/api/shipments/${s.id}`, { updated_at: s.updated_at, last_name: 'Byron', packages: [{ id: s.packages[0].id, size: 'MEDIUM' }, { size: 'SMALL' }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ last_name: 'Byron', package_count: 2 });
    expect(ok.json().data.packages[0]).toMatchObject({ id: s.packages[0].id, size: 'MEDIUM', barcode: s.packages[0].barcode });
    const stale = await ma.put(`/api/shipments/${s.id}`, { updated_at: s.updated_at, last_name: 'Shelley' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'conflict.stale',
      message: 'Someone else has changed this item since you started editing it. Please reload the page to see the changes.',
    });
    // A date that does not exist is the request's mistake, not somebody else's change: 422 on the field, nothing written.
    const impossible = await ma.put(`/api/shipments/${s.id}`, { updated_at: '2026-02-30T00:00:00Z', last_name: 'Shelley' });
    expect(impossible.statusCode).toBe(422);
    expect(impossible.json()).toMatchObject({ code: 'validation.failed', errors: { updated_at: 'Must be a real date written YYYY-MM-DD.' } });
    expect((await ma.get(`/api/shipments/${s.id}`)).json().data.last_name).toBe('Byron');
  });

  it('updates only below status 20 and deletes only drafts', async () => {
    const s = (await ma.post('/api/shipments', shipmentBody())).json().data;
    await t.db.updateTable('shipments').set({ status: 10 }).where('id', '=', s.id).execute();
    expect((await ma.put(`/api/shipments/${s.id}`, { last_name: 'Ten' })).statusCode).toBe(200);
    const del = await ma.delete(`/api/shipments/${s.id}`);
    expect(del.statusCode).toBe(400);
    expect(del.json()).toMatchObject({ code: 'shipment.not_deletable', message: 'Not in a deletable status' });
    await t.db.updateTable('shipments').set({ status: 20 }).where('id', '=', s.id).execute();
    const upd = await ma.put(`/api/shipments/${s.id}`, { last_name: 'Twenty' });
    expect(upd.json()).toMatchObject({ code: 'shipment.not_updatable', message: 'Not in an updatable status' });
    const shown = await ma.get(`/api/shipments/${s.id}`);
    expect(shown.json().meta.actions.filter((a: string) => ['show', 'edit', 'delete'].includes(a))).toEqual(['show']);
  });

  it('edits in the statuses before printing only: a cancelled or expired shipment is closed (docs/state-machines.md)', async () => {
    const s = (await ma.post('/api/shipments', shipmentBody())).json().data;
    const at = async (status: number) => {
      await t.db.updateTable('shipments').set({ status }).where('id', '=', s.id).execute();
      const before = await t.db.selectFrom('shipments').select(['last_name', 'updated_at']).where('id', '=', s.id).executeTakeFirstOrThrow();
      const res = await ma.put(`/api/shipments/${s.id}`, { last_name: `At ${status}` });
      const after = await t.db.selectFrom('shipments').select(['last_name', 'updated_at']).where('id', '=', s.id).executeTakeFirstOrThrow();
      const shown = (await ma.get(`/api/shipments/${s.id}`)).json().meta.actions as string[];
      return { code: res.statusCode, body: res.json(), changed: after.last_name !== before.last_name, offersEdit: shown.includes('edit') };
    };
    for (const status of [0, 4, 5, 10, 15]) {
      expect(await at(status), `status ${status}`).toMatchObject({ code: 200, changed: true, offersEdit: true });
    }
    for (const status of [20, 30, -90, -40, -200]) {
      const r = await at(status);
      expect(r, `status ${status}`).toMatchObject({ code: 400, changed: false, offersEdit: false });
      expect(r.body.code).toBe('shipment.not_updatable');
    }
  });

  it('deletes a draft with its packages and records deleted events', async () => {
    const s = (await ma.post('/api/shipments', shipmentBody())).json().data;
    expect((await ma.delete(`/api/shipments/${s.id}`)).statusCode).toBe(200);
    expect((await ma.get(`/api/shipments/${s.id}`)).statusCode).toBe(404);
    const events = await t.db.selectFrom('events').select(['subject_type', 'kind']).where('kind', '=', 'deleted').where((eb) => eb.or([eb('subject_id', '=', s.id), eb('subject_id', '=', s.packages[0].id)])).execute();
    expect(events).toEqual(expect.arrayContaining([{ subject_type: 'shipment', kind: 'deleted' }, { subject_type: 'package', kind: 'deleted' }]));
  });
});

describe('packages', () => {
  it('adds, edits and deletes packages of a draft shipment only, keeping package_count', async () => {
    const s = (await ma.post('/api/shipments', shipmentBody())).json().data;
    const added = await ma.post('/api/packages', { shipment_id: s.id, size: 'LARGE', description: 'Tent' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ size: 'LARGE', shipment: { id: s.id, reference_id: s.reference_id }, dropoff_location_name: 'Bay Street Pharmacy' });
    expect((await ma.get(`/api/shipments/${s.id}`)).json().data.package_count).toBe(2);
    const p = added.json().data;
    expect((await ma.put(`/api/packages/${p.id}`, { description: 'Big tent', updated_at: p.updated_at })).json().data.description).toBe('Big tent');
    expect((await ma.delete(`/api/packages/${p.id}`)).statusCode).toBe(200);
    expect((await ma.get(`/api/shipments/${s.id}`)).json().data.package_count).toBe(1);

    await t.db.updateTable('shipments').set({ status: 20 }).where('id', '=', s.id).execute();
    const late = await ma.post('/api/packages', { shipment_id: s.id, size: 'SMALL' });
    expect(late.json().code).toBe('shipment.not_updatable');
    expect((await ma.delete(`/api/packages/${s.packages[0].id}`)).json().code).toBe('shipment.not_deletable');
  });

  it('refuses a parent shipment of another merchant as a field error', async () => {
    const foreign = (await oa.post('/api/shipments', shipmentBody())).json().data;
    const res = await ma.post('/api/packages', { shipment_id: foreign.id, size: 'SMALL' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['shipment_id']);
  });
});

describe('batches and batch items', () => {
  it('applies SPEC defaults with and without the batches feature and allows only email/SMS channels', async () => {
    const acme = (await sa.post('/api/batches', { merchant_id: id.acme, name: 'Acme run' })).json().data;
    expect(acme).toMatchObject({ offset: 30, reminder_count: 4, reminder_interval: 7, channels: 3, custom_final_reminder: 0, packages_small: 1, status: 0 });
    const globex = (await sa.post('/api/batches', { merchant_id: id.globex, name: 'Globex run' })).json().data;
    expect(globex).toMatchObject({ reminder_count: 0, reminder_interval: 7, channels: 0 });
    const whatsapp = await ma.post('/api/batches', { name: 'WA', channels: 4 });
    expect(whatsapp.statusCode).toBe(422);
    expect(whatsapp.json().errors.channels).toBeTruthy();
    const bounds = await ma.post('/api/batches', { name: 'Bounds', reminder_count: 11 });
    expect(bounds.json().errors.reminder_count).toBe('Must be a number from 0 to 10.');
  });

  it("takes only the merchant's content types as a batch's contents (its converted shipments take them), as for shipments", async () => {
    const refused = await ma.post('/api/batches', { name: 'Odd contents', contents: 'Groceries' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.contents).toBe('Must be one of your content types: Apparel, Footwear, Accessories, Outdoor gear.');
    const batch = (await ma.post('/api/batches', { name: 'Shoes run', contents: 'footwear' })).json().data;
    expect(batch.contents).toBe('Footwear');
    const edit = await ma.put(`/api/batches/${batch.id}`, { ...batch, contents: 'Groceries' });
    expect(edit.statusCode).toBe(422);
    expect((await ma.get(`/api/batches/${batch.id}`)).json().data.contents).toBe('Footwear');
    // Without the content feature (a Globex batch made by the superadmin) contents is free text.
    const globex = await sa.post('/api/batches', { merchant_id: id.globex, name: 'Globex goods', contents: 'Anything at all' });
    expect(globex.statusCode, globex.body).toBe(201);
  });

  it('refuses a campaign with no channel for a merchant with the batches feature (its customers would all fail)', async () => {
    const none = await ma.post('/api/batches', { name: 'Silent', channels: 0 });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ channels: 'At least one option must be selected.' });
    const batch = (await ma.post('/api/batches', { name: 'Loud' })).json().data;
    const cleared = await ma.put(`/api/batches/${batch.id}`, { ...batch, channels: 0 });
    expect(cleared.json().errors).toEqual({ channels: 'At least one option must be selected.' });
    expect((await ma.get(`/api/batches/${batch.id}`)).json().data.channels).toBe(3);
    // Without the feature a batch sends nothing, as SPEC section 9 sets it.
    expect((await sa.post('/api/batches', { merchant_id: id.globex, name: 'Quiet', channels: 0 })).statusCode).toBe(201);
  });

  it('keeps item_count, computes full_phone_number and defaults the country from the user', async () => {
    const batch = (await ma.post('/api/batches', { name: 'Phones' })).json().data;
    const item = await ma.post('/api/batch_items', { batch_id: batch.id, first_name: 'Cy', last_name: 'Young', phone: '242 441 0000' });
    expect(item.statusCode).toBe(201);
    expect(item.json().data).toMatchObject({ country: 'BS', full_phone_number: '+12424410000', status: 0 });
    expect((await ma.get(`/api/batches/${batch.id}`)).json().data.item_count).toBe(1);
    const bad = await ma.post('/api/batch_items', { batch_id: batch.id, first_name: 'Cy', last_name: 'Young', phone: '12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toMatch(/phone number/);
    expect((await ma.delete(`/api/batch_items/${item.json().data.id}`)).statusCode).toBe(200);
    expect((await ma.get(`/api/batches/${batch.id}`)).json().data.item_count).toBe(0);
  });

  it('deletes batches only in draft', async () => {
    const batch = (await ma.post('/api/batches', { name: 'Running' })).json().data;
    await t.db.updateTable('batches').set({ status: 50 }).where('id', '=', batch.id).execute();
    expect((await ma.delete(`/api/batches/${batch.id}`)).json().code).toBe('record.locked');
  });
});

describe('manifests', () => {
  it('creates in draft and deletes only drafts', async () => {
    const m = await ma.post('/api/manifests', { name: 'Sea freight', mode: 'maritime' });
    expect(m.statusCode).toBe(201);
    expect(m.json().data).toMatchObject({ status: 0, mode: 'maritime' });
    const badMode = await ma.post('/api/manifests', { name: 'Space', mode: 'rocket' });
    expect(badMode.statusCode).toBe(422);
    await t.db.updateTable('manifests').set({ status: 10 }).where('id', '=', m.json().data.id).execute();
    expect((await ma.delete(`/api/manifests/${m.json().data.id}`)).json().code).toBe('record.locked');
  });
});

describe('locations, groups and merchants', () => {
  it('defaults: superadmin creates active drop-off locations, merchant admins pickup ones of their merchant', async () => {
    const body = { name: 'New place', class: 'pudo', latitude: 25.1, longitude: -77.3 };
    const mine = (await sa.post('/api/locations', body)).json().data;
    expect(mine).toMatchObject({ type: 'dropoff', active: 1, merchant_id: null, address_country: 'BS' });
    const theirs = await ma.post('/api/locations', { ...body, type: 'dropoff', active: 0, code: 'MINE-1' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data).toMatchObject({ type: 'pickup', merchant_id: id.acme });
    const stored = await t.db.selectFrom('locations').select(['active', 'code']).where('id', '=', theirs.json().data.id).executeTakeFirstOrThrow();
    expect(stored.active).toBe(1); // masked field ignored
    expect(stored.code).toMatch(/^P-/);
    expect(theirs.json().data.code).toBeUndefined(); // code is masked for merchant roles
    const lat = await sa.post('/api/locations', { ...body, latitude: 91 });
    expect(lat.json().errors.latitude).toBe('Must be a valid latitude.');
  });

  it('refuses deleting a location still referenced, saying what holds it (en/es)', async () => {
    const count = async (table: 'shipments' | 'packages', columns: string[], merchant?: number) => {
      let q = t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where((eb) => eb.or(columns.map((c) => eb(c as 'id', '=', id.pudo))));
      if (merchant) q = q.where('merchant_id', '=', merchant);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const shipments = await count('shipments', ['dropoff_location_id', 'pickup_location_id']);
    const packages = await count('packages', ['location_id', 'dropoff_location_id']);
    expect(shipments).toBeGreaterThan(1);
    expect(packages).toBeGreaterThan(1);
    const res = await sa.delete(`/api/locations/${id.pudo}`);
    expect(res.statusCode).toBe(400);
    // Batch items (campaign customers) pick up there too.
    expect(res.json()).toEqual({
      code: 'record.in_use',
      message: `This item is still in use and cannot be deleted: it is linked to ${shipments} shipments, ${packages} packages, 2 customers. Change or delete those first.`,
    });
    const cookie = [...sa.cookies].filter(([k]) => k !== 'locale').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).concat('locale=es').join('; ');
    const spanish = await sa.request({ method: 'DELETE', url: `/api/locations/${id.pudo}`, headers: { cookie } });
    expect(spanish.json().message).toBe(`Este elemento todavía está en uso y no se puede eliminar: está vinculado a ${shipments} envíos, ${packages} paquetes, 2 clientes. Cambia o elimina esos registros antes.`);
    expect(await t.db.selectFrom('locations').select('id').where('id', '=', id.pudo).executeTakeFirst()).toBeTruthy();
  });

  it('counts only the merchant\'s own records in the refusal, never another merchant\'s', async () => {
    const place = (await ma.post('/api/locations', { name: 'Back room', class: 'pudo', latitude: 25.1, longitude: -77.3 })).json().data;
    const theirs = await t.db.selectFrom('shipments').select(['id', 'pickup_location_id']).where('merchant_id', '=', id.globex).executeTakeFirstOrThrow();
    await t.db.updateTable('shipments').set({ pickup_location_id: place.id }).where('id', '=', theirs.id).execute();
    try {
      // Only Globex's shipment holds it: refused, with the plain message (no count of Globex's records).
      const alone = (await ma.delete(`/api/locations/${place.id}`)).json();
      expect(alone).toEqual({ code: 'record.in_use', message: 'This item is still in use and cannot be deleted.' });
      const mine = await t.db.selectFrom('shipments').select(['id', 'pickup_location_id']).where('merchant_id', '=', id.acme).executeTakeFirstOrThrow();
      await t.db.updateTable('shipments').set({ pickup_location_id: place.id }).where('id', '=', mine.id).execute();
      try {
        expect((await ma.delete(`/api/locations/${place.id}`)).json().message).toBe('This item is still in use and cannot be deleted: it is linked to 1 shipment. Change or delete those first.');
      } finally {
        await t.db.updateTable('shipments').set({ pickup_location_id: mine.pickup_location_id }).where('id', '=', mine.id).execute();
      }
    } finally {
      await t.db.updateTable('shipments').set({ pickup_location_id: theirs.pickup_location_id }).where('id', '=', theirs.id).execute();
    }
    expect((await ma.delete(`/api/locations/${place.id}`)).statusCode).toBe(200);
  });

  it('counts each holder up to a cap, and says more than that (en/es)', async () => {
    // A delete counts in its write transaction: a busy location's full count (750,000 shipments) held the process ~0.5 s.
    const place = (await ma.post('/api/locations', { name: 'Busy counter', class: 'pudo', latitude: 25.2, longitude: -77.3 })).json().data;
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 1001)
      insert into shipments (reference_id, merchant_id, pickup_location_id, first_name, last_name, email, created_at, updated_at)
      select 'LLCAP' || i, ${id.acme}, ${place.id}, 'Cap', 'Row' || i, 'cap' || i || '@example.com', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z' from n
    `.execute(t.db);
    try {
      expect((await ma.delete(`/api/locations/${place.id}`)).json()).toEqual({
        code: 'record.in_use',
        message: 'This item is still in use and cannot be deleted: it is linked to more than 1000 shipments. Change or delete those first.',
      });
      const cookie = [...ma.cookies].filter(([k]) => k !== 'locale').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).concat('locale=es').join('; ');
      const spanish = await ma.request({ method: 'DELETE', url: `/api/locations/${place.id}`, headers: { cookie } });
      expect(spanish.json().message).toBe('Este elemento todavía está en uso y no se puede eliminar: está vinculado a más de 1000 envíos. Cambia o elimina esos registros antes.');
      // Exactly the cap is still a count.
      await t.db.deleteFrom('shipments').where('reference_id', '=', 'LLCAP1001').execute();
      expect((await sa.delete(`/api/locations/${place.id}`)).json().message).toBe('This item is still in use and cannot be deleted: it is linked to 1000 shipments. Change or delete those first.');
    } finally {
      await t.db.deleteFrom('shipments').where('pickup_location_id', '=', place.id).execute();
    }
    expect((await ma.delete(`/api/locations/${place.id}`)).statusCode).toBe(200);
  });

  it('links locations to groups', async () => {
    const g = await sa.post('/api/location_groups', { name: 'Islands', location_ids: [id.pudo, id.locker] });
    expect(g.json().data.location_ids).toEqual([id.pudo, id.locker].sort((a, b) => a - b));
    const bad = await sa.post('/api/location_groups', { name: 'Nowhere', location_ids: [999999] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ location_ids: 'The selected item does not exist or is not available.' });
    const notList = await sa.put(`/api/location_groups/${g.json().data.id}`, { location_ids: 'all' });
    expect(notList.json().errors).toEqual({ location_ids: 'Must be one of the allowed values.' });
  });

  it('shows a merchant secret once and never the hash', async () => {
    const res = await sa.post('/api/merchants', { name: 'Initech', features: 9, branding: { brand_name: 'Initech' }, content_types: ['Paper'], default_content_type: 'Paper' });
    expect(res.statusCode).toBe(201);
    const m = res.json().data;
    expect(m.secret).toEqual(expect.any(String));
    expect(m.token).toEqual(expect.any(String));
    expect(m).toMatchObject({ branding: { brand_name: 'Initech' }, content_types: ['Paper'], features: 9 });
    const shown = (await sa.get(`/api/merchants/${m.id}`)).body;
    expect(shown).not.toContain('secret');
  });

  it("keeps a merchant's content types once each, ignoring case as shipments match them (the first spelling stays)", async () => {
    const res = await sa.post('/api/merchants', { name: 'Umbrella', features: 9, content_types: ['Paper', ' paper ', 'PAPER', 'Ink'], default_content_type: 'Paper' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.content_types).toEqual(['Paper', 'Ink']);
  });

  it('refuses a merchant name another merchant has (trimmed, any case), on create and rename, en/es', async () => {
    const taken = { code: 'merchant.name_taken', errors: { name: 'Another merchant already has this name: choose a different one.' } };
    const created = await sa.post('/api/merchants', { name: '  acme OUTFITTERS ' });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject(taken);
    const cookie = [...sa.cookies].filter(([k]) => k !== 'locale').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).concat('locale=es').join('; ');
    const spanish = await sa.request({ method: 'POST', url: '/api/merchants', body: { name: 'Globex' }, headers: { cookie } });
    expect(spanish.json().errors).toEqual({ name: 'Ya hay otro comercio con este nombre: elige otro.' });
    const globex = (await sa.get(`/api/merchants/${id.globex}`)).json().data;
    const renamed = await sa.put(`/api/merchants/${id.globex}`, { name: 'Acme Outfitters', updated_at: globex.updated_at });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject(taken);
    expect((await t.db.selectFrom('merchants').select('name').where('id', '=', id.globex).executeTakeFirstOrThrow()).name).toBe('Globex');
    // Names that read the same in a picker: a no-break space, two spaces, a zero-width space, full-width letters.
    for (const name of ['Acme\u00a0Outfitters', 'Acme  Outfitters', 'Acme\u200b Outfitters', 'Ａｃｍｅ Outfitters']) {
      const lookalike = await sa.post('/api/merchants', { name });
      expect(lookalike.statusCode, JSON.stringify(name)).toBe(422);
      expect(lookalike.json()).toMatchObject(taken);
    }
    // Its own name in another case, and any other edit, stay allowed.
    const recased = await sa.put(`/api/merchants/${id.globex}`, { name: 'GLOBEX', updated_at: globex.updated_at });
    expect(recased.statusCode).toBe(200);
    const back = await sa.put(`/api/merchants/${id.globex}`, { name: 'Globex', updated_at: recased.json().data.updated_at });
    expect(back.statusCode).toBe(200);
  });

  it('round-trips a merchant as the edit form sends it back, email templates as { event: template id }', async () => {
    const acme = (await sa.get(`/api/merchants/${id.acme}`)).json().data;
    expect(acme.email_templates['package-available']).toBe('acme-1002');
    const res = await sa.put(`/api/merchants/${id.acme}`, { ...acme, email_templates: { ...acme.email_templates, 'package-expired': 'acme-2000' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email_templates).toMatchObject({ 'package-available': 'acme-1002', 'package-expired': 'acme-2000' });
    // Stored in the shape the notification renderer reads.
    const stored = await t.db.selectFrom('merchants').select('email_templates').where('id', '=', id.acme).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.email_templates)['package-expired']).toEqual({ template_id: 'acme-2000' });
    expect((await ma.get('/api/merchants/preferences')).json().data.email_templates['package-expired']).toBe('acme-2000');
  });

  it('says why an awaiting-payment notification is refused without postpayments, and what to do', async () => {
    const globex = (await sa.get(`/api/merchants/${id.globex}`)).json().data;
    const body = { ...globex, notification_events: [...globex.notification_events, 'shipment-awaiting-payment'] };
    const res = await sa.put(`/api/merchants/${id.globex}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ notification_events: '“Shipment awaiting payment” needs the Post-payments feature: turn it on, or untick the event.' });
    expect((await sa.get(`/api/merchants/${id.globex}`)).json().data.updated_at).toBe(globex.updated_at);
  });
});

describe('users', () => {
  it('creates users within assignable roles, mails the create-password link, refuses taken emails', async () => {
    const res = await ma.post('/api/users', { first_name: 'Nia', last_name: 'New', email: 'Nia@Example.net', role: 8, merchant_id: id.globex });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: 'nia@example.net', role: 8, active: 1 });
    expect(res.body).not.toContain('password');
    const stored = await t.db.selectFrom('users').select(['merchant_id']).where('email', '=', 'nia@example.net').executeTakeFirstOrThrow();
    expect(stored.merchant_id).toBe(id.acme);
    expect(t.mailer.last('nia@example.net')).toBeTruthy();

    const taken = await ma.post('/api/users', { first_name: 'Nia', last_name: 'Twin', email: 'nia@example.net', role: 8 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'user.email_taken', errors: { email: 'This email address is already in use.' } });
    const superadmin = await ma.post('/api/users', { first_name: 'Evil', last_name: 'Admin', email: 'evil@example.net', role: 1 });
    expect(superadmin.statusCode).toBe(422);
    expect(Object.keys(superadmin.json().errors)).toEqual(['role']);
  });

  it('links store staff to existing locations only (the same location_ids rule as location groups)', async () => {
    const body = { first_name: 'Pia', last_name: 'Store', email: 'pia@example.net', role: 16 };
    const unknown = await sa.post('/api/users', { ...body, location_ids: [id.pudo, 999999] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ location_ids: 'The selected item does not exist or is not available.' });
    const garbage = await sa.post('/api/users', { ...body, location_ids: ['x'] });
    expect(garbage.json().errors).toEqual({ location_ids: 'Must be one of the allowed values.' });
    const res = await sa.post('/api/users', { ...body, location_ids: [id.pudo, id.pudo] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.location_ids).toEqual([id.pudo]);
    // Roles without store locations keep none, whatever is sent.
    const merchantUser = await sa.post('/api/users', { ...body, email: 'pia.m@example.net', role: 8, merchant_id: id.acme, location_ids: [999999] });
    expect(merchantUser.statusCode).toBe(201);
    expect(merchantUser.json().data.location_ids).toEqual([]);
  });

  it('cannot delete yourself; everyone edits their own profile but not their role', async () => {
    const self = await ma.delete(`/api/users/${id.maUser}`);
    expect(self.json()).toMatchObject({ code: 'user.cannot_delete_self', message: 'You cannot delete your own account.' });
    const pudo = await login(t.app, 'pudo@example.com');
    const me = (await pudo.get('/api/user')).json().data;
    const edit = await pudo.put(`/api/users/${me.id}`, { first_name: 'Patricia', role: 1 });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.first_name).toBe('Patricia');
    expect(edit.json().data.role).toBeUndefined(); // users.role is masked for store roles
    expect((await t.db.selectFrom('users').select('role').where('id', '=', me.id).executeTakeFirstOrThrow()).role).toBe(16);
    expect((await pudo.get(`/api/users/${me.id}`)).statusCode).toBe(200);
  });

  it('cannot deactivate yourself either (it would lock you out like deleting): 422 on active, nothing written, still signed in', async () => {
    for (const client of [ma, sa]) {
      const userId = (await client.get('/api/user')).json().data.id as number;
      const before = (await client.get(`/api/users/${userId}`)).json().data;
      const res = await client.put(`/api/users/${userId}`, { ...before, active: false });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { active: 'You cannot deactivate your own account: ask another administrator.' } });
      const after = (await client.get(`/api/users/${userId}`)).json().data;
      expect(after).toMatchObject({ active: 1, updated_at: before.updated_at });
    }
    // Another account of the merchant is still deactivated and reactivated as before.
    const other = (await ma.post('/api/users', { first_name: 'Otto', last_name: 'Other', email: 'otto.other@example.net', role: 8 })).json().data;
    const off = await ma.put(`/api/users/${other.id}`, { ...other, active: false });
    expect(off.json().data.active).toBe(0);
    expect((await ma.put(`/api/users/${other.id}`, { ...off.json().data, active: true })).json().data.active).toBe(1);
  });

  it('cannot change your own role either (the only superadmin made themselves support): 422 on role, nothing written', async () => {
    for (const [client, role] of [[ma, ROLES.merchant_user], [sa, ROLES.support]] as const) {
      const userId = (await client.get('/api/user')).json().data.id as number;
      const before = (await client.get(`/api/users/${userId}`)).json().data;
      const res = await client.put(`/api/users/${userId}`, { ...before, role });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { role: 'You cannot change your own role: ask another administrator.' } });
      expect((await client.get(`/api/users/${userId}`)).json().data).toMatchObject({ role: before.role, updated_at: before.updated_at });
    }
    // Another administrator still changes a role, and one's own record saves with its role unchanged.
    const other = (await ma.post('/api/users', { first_name: 'Rita', last_name: 'Role', email: 'rita.role@example.net', role: ROLES.merchant_user })).json().data;
    expect((await ma.put(`/api/users/${other.id}`, { ...other, role: ROLES.merchant_admin })).json().data.role).toBe(ROLES.merchant_admin);
    const own = (await sa.get('/api/user')).json().data.id as number;
    expect((await sa.put(`/api/users/${own}`, { ...(await sa.get(`/api/users/${own}`)).json().data, last_name: 'Superadmin' })).statusCode).toBe(200);
  });

  it('keeps the profile preferences under the SPEC names (default_pickup), merged over the stored ones', async () => {
    const prefs = async () => (await ma.get('/api/user')).json().data.preferences;
    const put = (preferences: Record<string, unknown>) => ma.put(`/api/users/${id.maUser}`, { preferences });
    expect((await put({ default_pickup: null, default_export_format: 'csv' })).statusCode).toBe(200);
    expect(await prefs()).toMatchObject({ default_pickup: null, default_export_format: 'csv' });
    expect((await put({ default_pickup: id.acmeStore })).statusCode).toBe(200);
    expect(await prefs()).toMatchObject({ default_pickup: id.acmeStore, default_export_format: 'csv' });
    // Another field saved alone keeps the default pickup location; unknown keys are not stored.
    expect((await put({ default_export_format: 'xlsx', default_pickup_location_id: id.pudo })).statusCode).toBe(200);
    const kept = await prefs();
    expect(kept).toMatchObject({ default_pickup: id.acmeStore, default_export_format: 'xlsx' });
    expect(kept).not.toHaveProperty('default_pickup_location_id');
    const bad = await put({ default_pickup: 'store' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['preferences.default_pickup']);
  });
});

describe('user/can', () => {
  it('answers per id with reasons, foreign ids as not_found', async () => {
    const draft = (await ma.post('/api/shipments', shipmentBody())).json().data;
    const printed = (await ma.post('/api/shipments', shipmentBody())).json().data;
    await t.db.updateTable('shipments').set({ status: 20 }).where('id', '=', printed.id).execute();
    const foreign = (await oa.post('/api/shipments', shipmentBody())).json().data;
    const res = await ma.get('/api/user/can/delete/shipment', { ids: [draft.id, printed.id, foreign.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      allOk: false,
      can: [draft.id],
      cannot: [printed.id, foreign.id],
      reasons: { [printed.id]: 'shipment.not_deletable', [foreign.id]: 'not_found' },
    });
    const all = await ma.get('/api/user/can/edit/shipment', { ids: [draft.id] });
    expect(all.json()).toMatchObject({ allOk: true, can: [draft.id], cannot: [] });
    const asUser = await mu.get('/api/user/can/delete/shipment', { ids: [draft.id] });
    expect(asUser.json().reasons).toEqual({ [draft.id]: 'forbidden' });
  });

  it('does not offer delete on a draft shipment a batch item was converted into (record.in_use)', async () => {
    const used = await t.db.selectFrom('batch_items').innerJoin('shipments', 'shipments.id', 'batch_items.shipment_id')
      .select('shipments.id').where('shipments.status', '=', 0).executeTakeFirstOrThrow();
    const res = await ma.get('/api/user/can/delete/shipment', { ids: [used.id] });
    expect(res.json().reasons).toEqual({ [used.id]: 'record.in_use' });
    expect((await ma.get(`/api/shipments/${used.id}`)).json().meta.actions).not.toContain('delete');
    const refused = await ma.delete(`/api/shipments/${used.id}`);
    expect(refused.statusCode).toBe(400);
    // The customer of a campaign (batch item) it was converted from holds it.
    expect(refused.json().message).toBe('This item is still in use and cannot be deleted: it is linked to 1 customer. Change or delete those first.');
  });
});

describe('dashboard statistics', () => {
  it('counts shipments per status, scoped to the merchant for merchant roles', async () => {
    const res = await mu.get('/api/dashboard/statistics');
    expect(res.statusCode).toBe(200);
    const counts = res.json().data.shipments;
    expect(Object.keys(counts)).toEqual(expect.arrayContaining(['0', '20', '30', '100', '-200']));
    const total = Object.values(counts as Record<string, number>).reduce((a, b) => a + b, 0);
    const list = (await mu.get('/api/shipments', { perPage: 1 })).json().meta.total;
    expect(total).toBe(list);
    const all = (await sa.get('/api/dashboard/statistics')).json().data.shipments;
    expect(Object.values(all as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThan(total);
    const pudo = await login(t.app, 'pudo@example.com');
    expect((await pudo.get('/api/dashboard/statistics')).statusCode).toBe(403);
  });
});

describe('merchant preferences', () => {
  it('reads for merchant roles only and writes for merchant admins with the content feature', async () => {
    const got = await mu.get('/api/merchants/preferences');
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toMatchObject({ default_content_type: 'Apparel', content_types: expect.arrayContaining(['Apparel']) });
    expect((await sa.get('/api/merchants/preferences')).statusCode).toBe(403);
    expect((await mu.put('/api/merchants/preferences', { content_types: ['X'] })).statusCode).toBe(403);
    expect((await oa.put('/api/merchants/preferences', { content_types: ['X'] })).json().code).toBe('feature_disabled');
    const put = await ma.put('/api/merchants/preferences', { content_types: ['Apparel', 'Books'], default_content_type: 'Books' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ content_types: ['Apparel', 'Books'], default_content_type: 'Books' });
    const bad = await ma.put('/api/merchants/preferences', { default_content_type: 'Cars' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['default_content_type']);
  });

  it('takes only http(s) addresses for the website, contact page and payment page, and says so', async () => {
    const message = 'Must be a web address starting with https:// (or http://).';
    const before = (await ma.get('/api/merchants/preferences')).json().data;
    for (const [body, field] of [
      [{ payment_url: 'javascript:alert(1)' }, 'payment_url'],
      [{ branding: { ...before.branding, url: 'ftp://acme.example' } }, 'branding.url'],
      [{ branding: { ...before.branding, contact_url: 'javascript:alert(1)' } }, 'branding.contact_url'],
    ] as const) {
      const res = await ma.put('/api/merchants/preferences', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [field]: message });
    }
    const created = await sa.post('/api/merchants', { name: 'Hooli', features: 32, payment_url: 'data:text/html,hi' });
    expect(created.json().errors).toEqual({ payment_url: message });
    // Nothing was written; a real address is taken.
    expect((await ma.get('/api/merchants/preferences')).json().data).toMatchObject({ payment_url: before.payment_url, branding: before.branding });
    const ok = await ma.put('/api/merchants/preferences', { payment_url: 'https://pay.acme.example/p', branding: { ...before.branding, url: 'http://acme.example' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ payment_url: 'https://pay.acme.example/p', branding: { url: 'http://acme.example' } });
  });
});
