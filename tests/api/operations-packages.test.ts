/**
 * Parcel operations through the API (docs/operations-api.md): the whole lifecycle of a shipment from
 * registration to collection, the refusal paths with their codes, role/location confinement, the
 * outbox requests, and 50 concurrent pickups of one package (exactly one wins). Runs on SQLite and,
 * with TEST_DATABASE_URL, on PostgreSQL (project api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, createShipment, locationIds, statusOf, type CreatedPackage } from './operations-support.js';
import { AT_LOCATION_STATUSES } from '../../core/statuses.js';

let t: TestApp;
let ma: Client; // Acme merchant admin
let mu: Client; // Acme merchant user
let sa: Client; // superadmin
let driver: Client;
let pudo: Client; // Bay Street Pharmacy
let wh: Client; // Nassau Central Warehouse
const id = { pudo: 0, otherPudo: 0, warehouse: 0, locker: 0, driver: 0, warehouseUser: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [ma, mu, sa, driver, pudo, wh] = await Promise.all(
    ['merchant.admin@example.com', 'merchant.user@example.com', 'superadmin@example.com', 'driver@example.com', 'pudo@example.com', 'warehouse@example.com'].map((e) => login(t.app, e)),
  );
  Object.assign(id, await locationIds(t.db, { pudo: 'PD-NAS-01', otherPudo: 'PD-NAS-02', warehouse: 'WH-NAS-01', locker: 'LK-NAS-01' }));
  const user = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  id.driver = await user('driver@example.com');
  id.warehouseUser = await user('warehouse@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** Every location's package_count equals a recount of the packages sitting there (counts are kept by deltas). */
async function expectLocationCountsExact() {
  const counted = await t.db
    .selectFrom('packages')
    .select(['location_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('location_id', 'is not', null)
    .where('status', 'in', AT_LOCATION_STATUSES as number[])
    .groupBy('location_id')
    .execute();
  const expected = new Map(counted.map((r) => [Number(r.location_id), Number(r.n)]));
  for (const loc of await t.db.selectFrom('locations').select(['id', 'package_count']).execute()) {
    expect({ id: loc.id, count: Number(loc.package_count) }).toEqual({ id: loc.id, count: expected.get(loc.id) ?? 0 });
  }
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----lockerline' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="id.png"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('shipment verbs', () => {
  it('registers, prints (PDF), requests pickup; statuses 0 -> 10 -> 20 -> 30 with events', async () => {
    const s = await createShipment(ma, id.pudo);
    const reg = await ma.post(`/api/shipments/${s.id}/register`);
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.json().data.status).toBe(10);
    expect(reg.json().meta.actions).toEqual(expect.arrayContaining(['print']));
    const print = await ma.post(`/api/shipments/${s.id}/print`);
    expect(print.statusCode).toBe(200);
    expect(print.headers['content-type']).toBe('application/pdf');
    expect(print.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await statusOf(t.db, 'shipments', s.id)).toBe(20);
    expect(await statusOf(t.db, 'packages', s.packages[0]!.id)).toBe(20);
    const pickup = await ma.post(`/api/shipments/${s.id}/request-pickup`);
    expect(pickup.statusCode).toBe(200);
    expect(pickup.json().data.status).toBe(30);
    const again = await ma.post(`/api/shipments/${s.id}/request-pickup`);
    expect(again.json()).toMatchObject({ code: 'shipment.pickup_already_requested' });
    expect((await ma.post(`/api/shipments/${s.id}/register`)).json().code).toBe('shipment.not_registrable');
    const kinds = await t.db.selectFrom('events').select(['kind', 'to_status']).where('subject_type', '=', 'shipment').where('subject_id', '=', s.id).orderBy('id').execute();
    expect(kinds.map((k) => k.to_status)).toEqual([0, 10, 20, 30]);
  });

  it('refuses with the SPEC codes', async () => {
    const empty = await createShipment(ma, id.pudo, []);
    expect((await ma.post(`/api/shipments/${empty.id}/register`)).json()).toMatchObject({ code: 'shipment.no_packages', message: 'Shipment has no packages' });
    const s = await createShipment(ma, id.pudo);
    const early = await ma.post(`/api/shipments/${s.id}/request-pickup`);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'shipment.labels_not_printed', message: 'Shipment labels must be printed before pickup can be requested' });
    expect((await mu.post(`/api/shipments/${s.id}/register`)).statusCode).toBe(403);
    expect((await ma.post(`/api/shipments/${s.id}/process`)).statusCode).toBe(403);
    expect((await sa.post(`/api/shipments/${s.id}/process`)).statusCode).toBe(200);
    const globex = await login(t.app, 'other.admin@example.com');
    expect((await globex.post(`/api/shipments/${s.id}/register`)).statusCode).toBe(404);
  });

  it('offers the verbs in meta.actions and user/can', async () => {
    const s = await createShipment(ma, id.pudo);
    const show = await ma.get(`/api/shipments/${s.id}`);
    expect(show.json().meta.actions).toEqual(expect.arrayContaining(['register', 'request-location']));
    expect(show.json().meta.actions).not.toContain('request-pickup');
    const can = await ma.get('/api/user/can/request-pickup/shipment', { ids: [s.id] });
    expect(can.json()).toMatchObject({ allOk: false, cannot: [s.id], reasons: { [s.id]: 'shipment.labels_not_printed' } });
  });

  it('request-location moves a draft to 4; private delivery moves printed packages to 50', async () => {
    const a = await createShipment(ma, id.pudo);
    expect((await ma.post(`/api/shipments/${a.id}/request-location`)).json().data.status).toBe(4);
    const b = await createShipment(ma, id.pudo);
    await ma.post(`/api/shipments/${b.id}/print`);
    const res = await ma.post(`/api/shipments/${b.id}/private-delivery`);
    expect(res.json().data.status).toBe(50);
    expect(await statusOf(t.db, 'packages', b.packages[1]!.id)).toBe(50);
  });
});

describe('package lifecycle', () => {
  it('driver pickup -> warehouse in/out -> PUDO check-in -> hand-over with an ID photo; shipment follows', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const [p1, p2] = s.packages as [CreatedPackage, CreatedPackage];

    const lookup = await driver.get('/api/packages/lookup', { barcode: p1.barcode.toLowerCase() });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().meta.actions).toContain('pickup');
    const picked = await driver.post(`/api/packages/${p1.id}/pickup`);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toMatchObject({ status: 50 });
    expect((await driver.post(`/api/packages/${p1.id}/pickup`)).json()).toMatchObject({ code: 'package.already_picked_up_by_you', message: 'You have already picked this package up' });
    expect((await driver.post(`/api/packages/${p2.id}/pickup`)).statusCode).toBe(200);
    expect(await statusOf(t.db, 'shipments', s.id)).toBe(50);

    // What the warehouse may check in it may read (the scan's card): the record and its package list, by the
    // same scope rule as the lookup; a package still waiting for a driver elsewhere stays unseen.
    const record = await wh.get(`/api/packages/${p1.id}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().meta.actions).toContain('check-in');
    expect((await wh.get('/api/packages', { 'filters[id][0]': p1.id })).json().data.map((r: { id: number }) => r.id)).toEqual([p1.id]);
    expect((await wh.get('/api/packages/lookup', { barcode: p1.barcode })).json().data.id).toBe(p1.id);
    const inWh = await wh.post(`/api/packages/${p1.id}/check-in`, { location_id: id.warehouse });
    expect(inWh.statusCode, inWh.body).toBe(200);
    expect(inWh.json().data.status).toBe(60);
    expect((await wh.post(`/api/packages/${p1.id}/check-in`, { location_id: id.warehouse })).json()).toMatchObject({ code: 'package.already_in_warehouse', message: 'Already in warehouse' });
    expect((await t.db.selectFrom('locations').select('package_count').where('id', '=', id.warehouse).executeTakeFirstOrThrow()).package_count).toBeGreaterThan(0);
    await expectLocationCountsExact();
    // The warehouse hands the package to a driver, named from the list it is offered; without one it would be nobody's.
    const drivers = await wh.get('/api/packages/handover-drivers');
    expect(drivers.statusCode, drivers.body).toBe(200);
    const dan = (drivers.json().data as { id: number; name: string }[]).find((d) => d.id === id.driver);
    expect(dan?.name).toBeTruthy();
    expect((await pudo.get('/api/packages/handover-drivers')).statusCode).toBe(403);
    const nobody = await wh.post(`/api/packages/${p1.id}/check-out`, { location_id: id.warehouse });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors).toEqual({ handover_to: 'This field is required.' });
    expect((await wh.post(`/api/packages/${p1.id}/check-out`, { location_id: id.warehouse, handover_to: id.warehouseUser })).json().errors).toEqual({ handover_to: 'The selected item does not exist or is not available.' });
    expect(await statusOf(t.db, 'packages', p1.id)).toBe(60);
    const handed = await wh.post(`/api/packages/${p1.id}/check-out`, { location_id: id.warehouse, handover_to: id.driver });
    expect(handed.json().data).toMatchObject({ status: 50, driver_id: id.driver, location_id: null });
    expect((await driver.get('/api/packages/lookup', { barcode: p1.barcode })).statusCode).toBe(200);
    await expectLocationCountsExact();

    // A PUDO checks in only at its own location, and only packages meant for it.
    expect((await pudo.post(`/api/packages/${p1.id}/check-in`, { location_id: id.otherPudo })).statusCode).toBe(403);
    const checkedIn = await pudo.post(`/api/packages/${p1.id}/check-in`, { location_id: id.pudo });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    expect(checkedIn.json().data).toMatchObject({ status: 90, location_id: id.pudo });
    expect(checkedIn.json().data.expires_at).toBeTruthy();
    await pudo.post(`/api/packages/${p2.id}/check-in`, { location_id: id.pudo });
    expect(await statusOf(t.db, 'shipments', s.id)).toBe(90);
    await expectLocationCountsExact();
    // Two packages, one message of each kind for the shipment: one "on its way", one "ready" at this PUDO.
    const outbox = await t.db.selectFrom('outbox').select(['event', 'kind']).where('subject_type', '=', 'shipments').where('subject_id', '=', s.id).orderBy('id').execute();
    const sent = (event: string) => outbox.filter((o) => o.event === event).map((o) => o.kind).sort();
    expect(sent('package-in-transit')).toEqual(sent('package-available-pudo'));
    expect(sent('package-available-pudo')).toEqual(['email', 'sms']);
    expect(await t.db.selectFrom('outbox').select('id').where('subject_type', '=', 'packages').where('subject_id', 'in', [p1.id, p2.id]).execute()).toEqual([]);

    // Before the hand-over there is no photo: the record says so (to the roles that may see it), nothing to fetch.
    expect((await sa.get(`/api/packages/${p1.id}`)).json().data.has_identification_image).toBe(false);
    expect((await sa.get(`/api/packages/${p1.id}/identification-image`)).statusCode).toBe(404);
    const noPhoto = await pudo.post(`/api/packages/${p1.id}/check-out`, { location_id: id.pudo });
    expect(noPhoto.statusCode).toBe(422);
    expect(noPhoto.json().code).toBe('package.identification_required');
    // A file only labelled as a photo (text, a PNG sent as JPEG, one byte) is no proof: refused, nothing changes.
    for (const [type, data] of [['image/jpeg', Buffer.from('not a picture of anything')], ['image/jpeg', PNG], ['image/webp', Buffer.from([0])]] as const) {
      const lying = multipart({ location_id: String(id.pudo) }, { name: 'image', type, data });
      const refused = await pudo.request({ method: 'POST', url: `/api/packages/${p1.id}/check-out`, body: lying.body, headers: lying.headers });
      expect(refused.statusCode, `${type} ${data.length}`).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'validation.failed', errors: { image: expect.any(String) } });
    }
    expect(await statusOf(t.db, 'packages', p1.id)).toBe(90);
    expect((await sa.get(`/api/packages/${p1.id}/identification-image`)).statusCode).toBe(404);
    const form = multipart({ location_id: String(id.pudo) }, { name: 'image', type: 'image/png', data: PNG });
    const out = await pudo.request({ method: 'POST', url: `/api/packages/${p1.id}/check-out`, body: form.body, headers: form.headers });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.status).toBe(100);
    expect((await sa.get(`/api/packages/${p1.id}`)).json().data.has_identification_image).toBe(true);
    const image = await sa.get(`/api/packages/${p1.id}/identification-image`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // The photo of an ID document is for superadmin and support only: neither the flag nor the image for the merchant.
    const merchantView = await ma.get(`/api/packages/${p1.id}`);
    expect(merchantView.statusCode).toBe(200);
    expect(merchantView.json().data).not.toHaveProperty('has_identification_image');
    expect((await ma.get(`/api/packages/${p1.id}/identification-image`)).statusCode).toBe(403);

    const form2 = multipart({}, { name: 'image', type: 'image/png', data: PNG });
    await pudo.request({ method: 'POST', url: `/api/packages/${p2.id}/check-out`, body: form2.body, headers: form2.headers });
    expect(await statusOf(t.db, 'shipments', s.id)).toBe(100);
    const timeline = await t.db.selectFrom('events').select('to_status').where('subject_type', '=', 'package').where('subject_id', '=', p1.id).orderBy('id').execute();
    expect(timeline.map((e) => e.to_status)).toEqual([0, 20, 30, 50, 60, 50, 70, 90, 100]);
    await expectLocationCountsExact();
  });

  it('answers a scan of an unknown barcode with package.not_found_by_barcode', async () => {
    const res = await driver.get('/api/packages/lookup', { barcode: 'NOPE000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'package.not_found_by_barcode', message: 'Could not find a matching package' });
  });

  it('confines roles: foreign ids are 404, wrong roles 403', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const p = s.packages[0]!;
    expect((await pudo.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(403);
    expect((await ma.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(403);
    expect((await mu.post(`/api/packages/${p.id}/cancel`)).statusCode).toBe(403);
    const globex = await login(t.app, 'other.admin@example.com');
    expect((await globex.post(`/api/packages/${p.id}/cancel`)).statusCode).toBe(404);
    // Warehouse staff cannot see a package waiting for a driver elsewhere.
    expect((await wh.post(`/api/packages/${p.id}/check-in`, { location_id: id.warehouse })).statusCode).toBe(404);
    expect((await wh.get(`/api/packages/${p.id}`)).statusCode).toBe(404);
    expect((await ma.post(`/api/packages/${p.id}/cancel`)).json().data.status).toBe(-90);
  });

  it('consolidates and deconsolidates; refuses a second consolidation', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const [a, b] = s.packages as [CreatedPackage, CreatedPackage];
    const res = await driver.post(`/api/packages/${a.id}/consolidate`, { into: b.barcode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_consolidated: 1, consolidated_to_id: b.id });
    expect((await driver.post(`/api/packages/${a.id}/consolidate`, { into: b.id })).json().code).toBe('package.already_consolidated');
    // The container's pickup carries the package inside it.
    expect((await driver.post(`/api/packages/${b.id}/pickup`)).statusCode).toBe(200);
    expect(await statusOf(t.db, 'packages', a.id)).toBe(50);
    expect((await driver.post(`/api/packages/${a.id}/deconsolidate`)).json().data).toMatchObject({ is_consolidated: 0, consolidated_to_id: null });
  });

  it('reroutes to an alternative location (nearest first, oversized -> PUDO only)', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    const alt = await driver.get(`/api/packages/${p.id}/alternative-locations`, { barcode: p.barcode });
    expect(alt.statusCode).toBe(200);
    const list = alt.json().data as { id: number; class: string; distance: number }[];
    expect(list.length).toBeGreaterThan(2);
    expect(list.map((l) => l.distance)).toEqual([...list.map((l) => l.distance)].sort((x, y) => x - y));
    expect(list.find((l) => l.id === id.pudo)).toBeUndefined();
    const target = list.find((l) => l.class === 'pudo')!;
    expect((await driver.post(`/api/packages/${p.id}/reroute`, { location: id.pudo })).json().code).toBe('package.reroute_same_location');
    const res = await driver.post(`/api/packages/${p.id}/reroute`, { location: target.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dropoff_location_id: target.id, is_rerouted: 1 });
    const big = await awaitingPickup(ma, id.pudo, ['OVERSIZED']);
    const bigAlt = (await sa.get(`/api/packages/${big.packages[0]!.id}/alternative-locations`)).json().data as { class: string }[];
    expect(bigAlt.every((l) => l.class === 'pudo')).toBe(true);
  });

  it("reroutes to a locker only when the customer has a mobile (the locker texts the pickup code): neither offered nor accepted without", async () => {
    const created = await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', dropoff_location_id: id.pudo, packages: [{ size: 'SMALL' }] });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json().data;
    expect((await ma.post(`/api/shipments/${s.id}/print`)).statusCode).toBe(200);
    expect((await ma.post(`/api/shipments/${s.id}/request-pickup`)).statusCode).toBe(200);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    const alt = (await driver.get(`/api/packages/${p.id}/alternative-locations`)).json().data as { id: number; class: string }[];
    expect(alt.length).toBeGreaterThan(0);
    expect(alt.every((l) => l.class === 'pudo')).toBe(true);
    const res = await driver.post(`/api/packages/${p.id}/reroute`, { location: id.locker });
    expect(res.json().code).toBe('shipment.locker_needs_phone');
    expect(await statusOf(t.db, 'packages', p.id)).toBe(50);
    expect((await t.db.selectFrom('packages').select('dropoff_location_id').where('id', '=', p.id).executeTakeFirstOrThrow()).dropoff_location_id).toBe(id.pudo);
  });

  it('expiry: extend-expiry +24 h, expire-by-time is the scheduler\'s, expire makes retrievable, driver retrieves, returned', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: id.pudo });
    const before = (await t.db.selectFrom('packages').select('expires_at').where('id', '=', p.id).executeTakeFirstOrThrow()).expires_at!;
    const ext = await ma.post(`/api/packages/${p.id}/extend-expiry`);
    expect(ext.statusCode, ext.body).toBe(200);
    expect(Date.parse(ext.json().data.expires_at) - Date.parse(before)).toBe(24 * 3600_000);
    expect((await ma.post(`/api/packages/${p.id}/expire`)).json().code).toBe('package.action_not_allowed');
    await t.db.updateTable('packages').set({ status: -40 }).where('id', '=', p.id).execute();
    const exp = await driver.post(`/api/packages/${p.id}/expire`);
    expect(exp.statusCode, exp.body).toBe(200);
    expect(exp.json().data.status).toBe(-45);
    expect((await driver.post(`/api/packages/${p.id}/pickup`)).json().data.status).toBe(-50);
    expect((await ma.post(`/api/packages/${p.id}/mark-as-returned`)).json().data.status).toBe(-100);
    expect((await sa.post(`/api/packages/${p.id}/mark-as-lost`)).json().code).toBe('package.action_not_allowed');
  });

  it('a verb that takes the package out of the actor\'s reach answers with no further actions', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: id.pudo });
    await t.db.updateTable('packages').set({ status: -40 }).where('id', '=', p.id).execute();
    // The driver's expiry tool: the expired package is the driver's to handle until it is ready to collect again.
    expect((await driver.get('/api/packages/lookup', { barcode: p.barcode })).json().meta.actions).toContain('extend-expiry');
    const ext = await driver.post(`/api/packages/${p.id}/extend-expiry`);
    expect(ext.statusCode, ext.body).toBe(200);
    expect(ext.json().data.status).toBe(90);
    expect(ext.json().meta.actions).toEqual([]);
    expect((await driver.post(`/api/packages/${p.id}/extend-expiry`)).statusCode).toBe(404);
  });

  it('mark-as-lost (admins), notify (writers), process/runhook (superadmin)', async () => {
    const s = await awaitingPickup(ma, id.pudo);
    const p = s.packages[0]!;
    expect((await ma.post(`/api/packages/${p.id}/notify`)).json().code).toBe('package.action_not_allowed');
    expect((await ma.post(`/api/packages/${p.id}/process`)).statusCode).toBe(403);
    expect((await sa.post(`/api/packages/${p.id}/runhook`)).statusCode).toBe(200);
    expect((await ma.post(`/api/packages/${p.id}/mark-as-lost`)).statusCode).toBe(403);
    expect((await sa.post(`/api/packages/${p.id}/mark-as-lost`)).json().data.status).toBe(-200);
  });

  it('fetches an unknown barcode from the merchant\'s fetch service', async () => {
    const res = await driver.post('/api/packages/fetch', { barcode: 'ap1000000001' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ barcode: 'AP1000000001', status: 30 });
    expect((await driver.post('/api/packages/fetch', { barcode: 'AP1000000001' })).statusCode).toBe(422);
    // An unknown barcode: the answer says the merchants were asked.
    expect((await driver.post('/api/packages/fetch', { barcode: 'AP9999999999' })).json()).toMatchObject({
      code: 'package.unknown_to_merchants',
      message: 'The merchants’ systems were asked: none knows barcode AP9999999999',
    });
    expect((await driver.post(`/api/packages/${res.json().data.id}/pickup`)).statusCode).toBe(200);
  });
});

describe('concurrency', () => {
  it('50 concurrent pickups of one package: exactly one succeeds, the others get the coded error', async () => {
    const s = await awaitingPickup(ma, id.pudo, ['SMALL']);
    const p = s.packages[0]!;
    const results = await Promise.all(Array.from({ length: 50 }, () => driver.post(`/api/packages/${p.id}/pickup`)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('package.already_picked_up_by_you');
    }
    const events = await t.db.selectFrom('events').select('id').where('subject_type', '=', 'package').where('subject_id', '=', p.id).where('to_status', '=', 50).execute();
    expect(events).toHaveLength(1);
  });

  it('tells the scanning roles why a package that exists is not theirs here, and nobody else that it exists', async () => {
    const printed = await createShipment(ma, id.pudo, ['SMALL']);
    expect((await ma.post(`/api/shipments/${printed.id}/print`)).statusCode).toBe(200);
    const notReady = await driver.get('/api/packages/lookup', { barcode: printed.packages[0]!.barcode });
    expect(notReady.statusCode).toBe(404);
    expect(notReady.json()).toMatchObject({ code: 'package.not_ready_for_pickup', message: 'This package is not ready for pickup: the merchant has not requested its pickup yet' });

    // Heading to another PUDO: the PUDO is told where it goes (in its language), not "could not find".
    const elsewhere = await awaitingPickup(ma, id.otherPudo, ['SMALL']);
    const other = await t.db.selectFrom('locations').select('name').where('id', '=', id.otherPudo).executeTakeFirstOrThrow();
    const goes = await pudo.get('/api/packages/lookup', { barcode: elsewhere.packages[0]!.barcode });
    expect(goes.json()).toMatchObject({ code: 'package.goes_elsewhere', message: `This package goes to ${other.name}` });
    expect((await pudo.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    expect((await pudo.get('/api/packages/lookup', { barcode: elsewhere.packages[0]!.barcode })).json().message).toBe(`Este paquete va a ${other.name}`);
    expect((await pudo.put('/api/user/locale', { locale: 'en' })).statusCode).toBe(200);

    // Ready to collect where it sits (set up directly): the driver is told "already at …".
    await t.db.updateTable('packages').set({ status: 90, location_id: id.otherPudo }).where('id', '=', elsewhere.packages[0]!.id).execute();
    const already = await driver.get('/api/packages/lookup', { barcode: elsewhere.packages[0]!.barcode });
    expect(already.json()).toMatchObject({ code: 'package.already_at_location', message: `This package is already at ${other.name}, waiting for its customer` });

    // Another merchant, or an unknown barcode: still "could not find" (a foreign package is never confirmed).
    const globex = await login(t.app, 'other.admin@example.com');
    expect((await globex.get('/api/packages/lookup', { barcode: printed.packages[0]!.barcode })).json().code).toBe('package.not_found_by_barcode');
    expect((await driver.get('/api/packages/lookup', { barcode: 'NOSUCHBARCODE1' })).json().code).toBe('package.not_found_by_barcode');
  });
});
