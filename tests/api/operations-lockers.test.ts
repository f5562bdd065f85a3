/**
 * Lockers, locations, manifests, bulk print and the scheduled passes (docs/operations-api.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runPackagePass } from '../../api/jobs/package-expiry.job.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { createShipment, expectBulkPrintFailures, expectNothingPrinted, locationIds, type CreatedPackage } from './operations-support.js';

const clock = fixedClock(new Date('2025-03-01T12:00:00.000Z'));
let t: TestApp;
let sa: Client;
let ma: Client;
let driver: Client;
let pudo: Client;
const id = { locker: 0, pudo: 0, newLocker: 0 };

beforeAll(async () => {
  t = await createTestApp({ clock });
  [sa, ma, driver, pudo] = await Promise.all(['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com', 'pudo@example.com'].map((e) => login(t.app, e)));
  Object.assign(id, await locationIds(t.db, { locker: 'LK-NAS-01', pudo: 'PD-NAS-01' }));
});
/** Moves the clock (sessions last 12 h, so everyone signs in again). */
async function travel(to: Date) {
  clock.set(to);
  [sa, ma, driver, pudo] = await Promise.all(['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com', 'pudo@example.com'].map((e) => login(t.app, e)));
}

afterAll(async () => {
  await t?.close();
});

/** A draft shipment by the Acme admin (signed in again after each `travel`). */
const shipment = (dropoff: number, sizes: string[]) => createShipment(ma, dropoff, sizes);

describe('locations and terminals', () => {
  it('creates a terminal with one of the 15 layouts; refusals are coded', async () => {
    const created = await sa.post('/api/locations', { name: 'Test Locker', code: 'LK-TST-01', type: 'dropoff', class: 'locker', locker_service: 'smartbox-v3', latitude: 25.05, longitude: -77.35 });
    expect(created.statusCode, created.body).toBe(201);
    id.newLocker = created.json().data.id;
    expect((await sa.post(`/api/locations/${id.newLocker}/create-terminal`, { terminalLayout: 'L99' })).statusCode).toBe(422);
    expect((await ma.post(`/api/locations/${id.newLocker}/create-terminal`, { terminalLayout: 'L32' })).statusCode).toBe(403);
    const res = await sa.post(`/api/locations/${id.newLocker}/create-terminal`, { terminalLayout: 'L32' });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.json().data.terminal)).toMatchObject({ layout: 'L32', compartments: { SMALL: 16, MEDIUM: 10, LARGE: 6 } });
    expect((await sa.post(`/api/locations/${id.newLocker}/create-terminal`, { terminalLayout: 'L32' })).json().code).toBe('provider.terminal_exists');
    expect((await sa.post(`/api/locations/${id.pudo}/create-terminal`, { terminalLayout: 'L32' })).json().code).toBe('location.not_a_locker');
  });

  it('approves a location once', async () => {
    await t.db.updateTable('locations').set({ approved: 0 }).where('id', '=', id.newLocker).execute();
    const res = await sa.post(`/api/locations/${id.newLocker}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approved).toBe(1);
    expect((await sa.post(`/api/locations/${id.newLocker}/approve`)).json().code).toBe('record.locked');
  });
});

describe('locker service', () => {
  it('answers terminal_not_found and invalid phone', async () => {
    await t.db.updateTable('locations').set({ terminal: null }).where('id', '=', id.locker).execute();
    const noTerminal = await shipment(id.locker, ['SMALL']);
    expect((await ma.post(`/api/shipments/${noTerminal.id}/register`)).json()).toMatchObject({ code: 'provider.terminal_not_found', message: 'Terminal not found' });
    const badPhone = await shipment(id.newLocker, ['SMALL']);
    await t.db.updateTable('shipments').set({ phone: '+1242357' }).where('id', '=', badPhone.id).execute();
    expect((await ma.post(`/api/shipments/${badPhone.id}/register`)).json().code).toMatch(/^provider\.invalid_phone(_length)?$/);
    const noPhone = await shipment(id.newLocker, ['SMALL']);
    await t.db.updateTable('shipments').set({ phone: null }).where('id', '=', noPhone.id).execute();
    expect((await ma.post(`/api/shipments/${noPhone.id}/register`)).json().code).toBe('provider.invalid_phone');
  });

  it('allocates compartments by size (locker number on the package), deposits, customer pickup frees it; a full terminal is refused', async () => {
    const s = await shipment(id.newLocker, ['SMALL', 'LARGE']);
    const reg = await ma.post(`/api/shipments/${s.id}/register`);
    expect(reg.statusCode, reg.body).toBe(200);
    const pkgs = await t.db.selectFrom('packages').select(['id', 'locker_number']).where('shipment_id', '=', s.id).orderBy('id').execute();
    expect(pkgs.map((p) => p.locker_number)).toEqual(['1', '27']);
    // Registered once: the rule refuses a second registration before the locker service would.
    expect((await ma.post(`/api/shipments/${s.id}/register`)).json()).toMatchObject({ code: 'shipment.not_registrable' });
    await ma.post(`/api/shipments/${s.id}/print`);
    await ma.post(`/api/shipments/${s.id}/request-pickup`);
    const p = pkgs[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    const dep = await driver.post(`/api/packages/${p.id}/deposit`);
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().data).toMatchObject({ status: 90, location_id: id.newLocker, locker_number: '1' });
    expect((await t.db.selectFrom('locker_compartments').select('state').where('package_id', '=', p.id).executeTakeFirstOrThrow()).state).toBe('occupied');

    // 6 large compartments: one is taken, five more fit, the sixth shipment (created while a door was free) finds the terminal full.
    const full = await shipment(id.newLocker, ['LARGE']);
    for (let i = 0; i < 5; i++) expect((await ma.post(`/api/shipments/${(await shipment(id.newLocker, ['LARGE'])).id}/register`)).statusCode).toBe(200);
    expect((await ma.post(`/api/shipments/${full.id}/register`)).json().code).toBe('provider.terminal_full');
    expect(await t.db.selectFrom('locker_compartments').select('package_id').where('shipment_id', '=', full.id).execute()).toEqual([]);
    expect((await t.db.selectFrom('shipments').select('status').where('id', '=', full.id).executeTakeFirstOrThrow()).status).toBe(0);
  });

  it('expired locker packages are made retrievable asynchronously ("may take several minutes")', async () => {
    const s = await shipment(id.newLocker, ['MEDIUM']);
    await ma.post(`/api/shipments/${s.id}/print`);
    await ma.post(`/api/shipments/${s.id}/request-pickup`);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    await driver.post(`/api/packages/${p.id}/deposit`);
    const pkg = await t.db.selectFrom('packages').select(['expires_at']).where('id', '=', p.id).executeTakeFirstOrThrow();

    // The reminder falls due 24 h before expiry, once; then the package expires.
    clock.set(new Date(Date.parse(pkg.expires_at!) - 23 * 3600_000));
    expect((await runPackagePass(t.db, t.dialect, clock.now())).reminded).toBeGreaterThanOrEqual(1);
    expect((await runPackagePass(t.db, t.dialect, clock.now())).reminded).toBe(0);
    const reminders = await t.db.selectFrom('outbox').select('event').where('subject_type', '=', 'shipments').where('subject_id', '=', s.id).where('event', '=', 'package-reminder').execute();
    expect(reminders.length).toBeGreaterThanOrEqual(1);
    clock.set(new Date(Date.parse(pkg.expires_at!) + 1000));
    const pass = await runPackagePass(t.db, t.dialect, clock.now());
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    expect((await t.db.selectFrom('packages').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe(-40);
    expect(await t.db.selectFrom('outbox').select('event').where('subject_type', '=', 'shipments').where('subject_id', '=', s.id).where('event', '=', 'package-expired').execute()).not.toEqual([]);

    await travel(clock.now());
    const res = await driver.post(`/api/packages/${p.id}/expire`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(-45);
    expect(res.json().meta).toMatchObject({ pending: true, eta_seconds: 300 });
    expect(res.json().meta.message).toMatch(/several minutes/);
    expect((await driver.post(`/api/packages/${p.id}/pickup`)).json().data.status).toBe(-50);
    expect(await t.db.selectFrom('locker_compartments').select('package_id').where('package_id', '=', p.id).execute()).toEqual([]);
  });

  it('extend-expiry re-arms the reminder', async () => {
    await travel(clock.now());
    const s = await shipment(id.pudo, ['SMALL']);
    await ma.post(`/api/shipments/${s.id}/print`);
    await ma.post(`/api/shipments/${s.id}/request-pickup`);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: id.pudo });
    const { expires_at } = await t.db.selectFrom('packages').select('expires_at').where('id', '=', p.id).executeTakeFirstOrThrow();
    clock.set(new Date(Date.parse(expires_at!) - 3600_000));
    await travel(clock.now());
    await runPackagePass(t.db, t.dialect, clock.now());
    expect((await ma.post(`/api/packages/${p.id}/extend-expiry`)).statusCode).toBe(200);
    clock.set(new Date(Date.parse(expires_at!) + 3600_000));
    await runPackagePass(t.db, t.dialect, clock.now());
    const reminders = await t.db.selectFrom('outbox').select('idempotency_key').where('subject_type', '=', 'shipments').where('subject_id', '=', s.id).where('event', '=', 'package-reminder').where('kind', '=', 'email').execute();
    expect(reminders).toHaveLength(2);
    expect((await t.db.selectFrom('packages').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe(90);
  });
});

describe('manifests', () => {
  it('adds and removes packages only while draft, keeps counts, and runs finalize -> go-live -> fulfil', async () => {
    await travel(clock.now());
    const m = await ma.post('/api/manifests', { name: 'Test air manifest', mode: 'air' });
    expect(m.statusCode, m.body).toBe(201);
    const mid = m.json().data.id;
    const a = await shipment(id.pudo, ['SMALL', 'MEDIUM']);
    const b = await shipment(id.pudo, ['SMALL']);
    const add = await ma.post(`/api/manifests/${mid}/add-packages`, { package_ids: [...a.packages.map((p) => p.id), b.packages[0]!.id] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({ package_count: 3, shipment_count: 2 });
    const rm = await ma.post(`/api/manifests/${mid}/remove-packages`, { barcodes: [b.packages[0]!.barcode] });
    expect(rm.json().data).toMatchObject({ package_count: 2, shipment_count: 1 });
    expect((await ma.post(`/api/manifests/${mid}/go-live`)).json().code).toBe('record.locked');
    expect((await ma.post(`/api/manifests/${mid}/finalize`)).json().data.status).toBe(10);
    expect((await ma.post(`/api/manifests/${mid}/add-packages`, { package_ids: [b.packages[0]!.id] })).json().code).toBe('record.locked');
    expect((await ma.post(`/api/manifests/${mid}/go-live`)).json().data.status).toBe(50);
    expect((await ma.post(`/api/manifests/${mid}/delivery-attempted`)).json().data.delivery_attempted).toBe(1);
    const done = await ma.post(`/api/manifests/${mid}/fulfil`);
    expect(done.json().data.status).toBe(100);
    expect(done.json().meta.actions).not.toContain('fulfil');
  });
});

describe('manifest package refusals', () => {
  it('name the barcodes that are unknown, on another manifest, or not on this one (nothing changes)', async () => {
    await travel(clock.now());
    const [m1, m2] = await Promise.all(['Refusals A', 'Refusals B'].map(async (name) => (await ma.post('/api/manifests', { name, mode: 'road' })).json().data.id as number));
    const a = await shipment(id.pudo, ['SMALL', 'SMALL']);
    const [p1, p2] = a.packages as [CreatedPackage, CreatedPackage];
    const unknown = await ma.post(`/api/manifests/${m1}/add-packages`, { barcodes: [p1.barcode.toLowerCase(), 'NOPE0000001'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ barcodes: 'No package found for NOPE0000001. Check these barcodes and try again.' });
    expect((await ma.get(`/api/manifests/${m1}`)).json().data.package_count).toBe(0);

    expect((await ma.post(`/api/manifests/${m1}/add-packages`, { barcodes: [p1.barcode] })).statusCode).toBe(200);
    const elsewhere = await ma.post(`/api/manifests/${m2}/add-packages`, { barcodes: [p1.barcode, p2.barcode] });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.barcodes).toBe(`Already on another manifest: ${p1.barcode}. Remove them from that manifest first.`);
    const notHere = await ma.post(`/api/manifests/${m1}/remove-packages`, { package_ids: [p2.id] });
    expect(notHere.json().errors).toEqual({ package_ids: `Not on this manifest: ${p2.barcode}.` });
  });
});

describe('bulk print', () => {
  it('prints the printable shipments and reports the failing ones', async () => {
    await travel(clock.now());
    const ok1 = await shipment(id.pudo, ['SMALL', 'SMALL']);
    const ok2 = await shipment(id.pudo, ['MEDIUM']);
    const empty = await shipment(id.pudo, []);
    const res = await ma.get('/api/shipments/bulk-print', { ids: [ok1.id, empty.id, ok2.id, 999999] });
    // 1 failure page + 3 labels.
    expectBulkPrintFailures(res, empty, 999999, 4);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const only = await ma.get('/api/shipments/bulk-print', { ids: [empty.id] });
    expectNothingPrinted(only, empty);
  });
});
