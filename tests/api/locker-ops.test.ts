/**
 * Lockers as a locker network runs them (issue 13, docs/lockers.md): availability per size, doors out of
 * service (the package moves or is flagged), the last free door won by exactly one of many concurrent
 * registrations, "locker full" -> temporary storage within 2 km keeping the expiry, and the storage rules
 * applied by the package pass under a test clock. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runPackagePass } from '../../api/jobs/package-expiry.job.js';
import { mintToken } from '../../api/campaigns/tokens.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, createShipment } from './operations-support.js';

// A Friday noon UTC (07:00 in Nassau, the zone of these locations, which name none; DST starts on Sunday the 9th):
// business days and the storage return are counted from here, on the Nassau clock.
const clock = fixedClock(new Date('2025-03-07T12:00:00.000Z'));
const EMAILS = ['superadmin@example.com', 'support@example.com', 'merchant.admin@example.com', 'driver@example.com', 'pudo@example.com'];
let t: TestApp;
let sa: Client;
let support: Client;
let ma: Client;
let driver: Client;
let pudo: Client;
const loc = { a: 0, b: 0, near: 0, far: 0 };

async function signIn() {
  [sa, support, ma, driver, pudo] = await Promise.all(EMAILS.map((e) => login(t.app, e)));
}
async function travel(to: string) {
  clock.set(new Date(to));
  await signIn();
}

/** A drop-off location far from the demo ones (Madrid), approved; lockers get an L32 terminal (16 S, 10 M, 6 L). */
async function place(code: string, cls: 'locker' | 'pudo', latitude: number): Promise<number> {
  const body = { name: `Test ${code}`, code, type: 'dropoff', class: cls, latitude, longitude: -3.7038, ...(cls === 'locker' ? { locker_service: 'smartbox-v4' } : {}) };
  const res = await sa.post('/api/locations', body);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  await t.db.updateTable('locations').set({ approved: 1 }).where('id', '=', id).execute();
  if (cls === 'locker') expect((await sa.post(`/api/locations/${id}/create-terminal`, { terminalLayout: 'L32' })).statusCode).toBe(200);
  return id;
}

const availability = async (client: Client, id: number) => {
  const res = await client.get(`/api/locations/${id}/availability`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const pkgRow = (id: number) => t.db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp({ clock });
  await signIn();
  loc.a = await place('LK-MAD-A', 'locker', 40.4168);
  loc.b = await place('LK-MAD-B', 'locker', 40.4213); // 0.5 km north of A: full (every door out of service)
  loc.near = await place('PD-MAD-N', 'pudo', 40.4303); // 1.5 km
  loc.far = await place('PD-MAD-F', 'pudo', 40.4618); // 5 km
  for (let door = 1; door <= 32; door++) await t.db.insertInto('locker_doors_out').values({ location_id: loc.b, compartment: door, reason: 'test', actor_id: null, created_at: clock.now().toISOString() }).execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('availability and doors', () => {
  it('answers free doors per size to merchants and drivers, not to PUDO staff', async () => {
    expect(await availability(ma, loc.a)).toMatchObject({ has_doors: true, free: { SMALL: 16, MEDIUM: 10, LARGE: 6 }, fits: { SMALL: 32, MEDIUM: 16, LARGE: 6 }, full_for: [] });
    expect((await availability(driver, loc.b)).full_for).toEqual(['SMALL', 'MEDIUM', 'LARGE']);
    expect((await availability(ma, loc.near))).toMatchObject({ has_doors: false, full_for: [] });
    const refused = await pudo.get(`/api/locations/${loc.a}/availability`);
    expect(refused.statusCode).toBe(403);
  });

  it('support marks doors out of service (a merchant may not); the grid and the counts follow', async () => {
    expect((await ma.post(`/api/locations/${loc.a}/doors/28/out-of-service`)).statusCode).toBe(403);
    for (const door of [28, 29, 30, 31, 32]) {
      const res = await support.post(`/api/locations/${loc.a}/doors/${door}/out-of-service`, { reason: 'hinge' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await support.post(`/api/locations/${loc.a}/doors/99/out-of-service`)).json().code).toBe('lockers.door_not_found');
    expect((await support.get(`/api/locations/${loc.near}/occupancy`)).json().code).toBe('location.not_a_locker');
    const grid = (await support.get(`/api/locations/${loc.a}/occupancy`)).json().data;
    expect(grid.doors).toHaveLength(32);
    expect(grid.doors[27]).toMatchObject({ number: 28, size: 'LARGE', state: 'out_of_service', out_of_service: { reason: 'hinge' } });
    expect(grid.sizes.LARGE).toEqual({ total: 6, free: 1, out_of_service: 5 });
    expect((await availability(ma, loc.a)).free.LARGE).toBe(1);
  });

  it('refuses a bad out-of-service reason saying what is wrong (the limit, or that it must be text) and a non-locker truly, changing nothing', async () => {
    const doorsOut = () => t.db.selectFrom('locker_doors_out').select('compartment').where('location_id', '=', loc.a).execute();
    const before = await doorsOut();
    const long = await support.post(`/api/locations/${loc.a}/doors/27/out-of-service`, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ reason: 'Must be at most 200 characters.' });
    const number = await support.post(`/api/locations/${loc.a}/doors/27/out-of-service`, { reason: 5 });
    expect(number.json().errors).toEqual({ reason: 'Must be text.' });
    support.cookies.set('locale', 'es'); // the language this browser shows
    try {
      const es = await support.post(`/api/locations/${loc.a}/doors/27/out-of-service`, { reason: 'x'.repeat(201) });
      expect(es.json().errors).toEqual({ reason: 'Debe tener como máximo 200 caracteres.' });
      expect((await support.get(`/api/locations/${loc.near}/occupancy`)).json()).toMatchObject({
        code: 'location.not_a_locker',
        message: 'Esta ubicación no es una taquilla: solo las taquillas tienen terminal y puertas.',
      });
    } finally {
      support.cookies.set('locale', 'en');
    }
    expect((await support.post(`/api/locations/${loc.near}/doors/1/out-of-service`, { reason: 'hinge' })).json().message).toBe(
      'This location is not a locker: only lockers have a terminal and doors.',
    );
    expect(await doorsOut()).toEqual(before);
  });

  it('the last free door of a size: of 8 concurrent registrations exactly one wins; a new shipment to the full locker is refused', async () => {
    const shipments = [];
    for (let i = 0; i < 8; i++) shipments.push(await createShipment(ma, loc.a, ['LARGE']));
    const answers = await Promise.all(shipments.map((s) => ma.post(`/api/shipments/${s.id}/register`)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(r.json().code).toBe('provider.terminal_full');
    const held = await t.db.selectFrom('locker_compartments').select(['compartment', 'package_id']).where('location_id', '=', loc.a).execute();
    expect(held).toEqual([{ compartment: 27, package_id: expect.any(Number) }]);
    expect((await availability(ma, loc.a)).full_for).toEqual(['LARGE']);

    const refused = await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', phone: '+12423571234', dropoff_location_id: loc.a, packages: [{ size: 'LARGE' }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'lockers.full_for_size', message: 'This locker has no free door for size LARGE', errors: { dropoff_location_id: expect.stringContaining('LARGE') } });
    // A small parcel still fits.
    await createShipment(ma, loc.a, ['SMALL']);
  });

  it('out of service moves the package to a free door of its size, else flags it; back in service clears the flag', async () => {
    const { package_id } = await t.db.selectFrom('locker_compartments').select('package_id').where('location_id', '=', loc.a).where('compartment', '=', 27).executeTakeFirstOrThrow();
    expect((await support.post(`/api/locations/${loc.a}/doors/32/in-service`)).statusCode).toBe(200);
    const moved = await sa.post(`/api/locations/${loc.a}/doors/27/out-of-service`, { reason: 'jammed' });
    expect(moved.json().data).toEqual({ door: 27, out_of_service: true, package: { id: package_id, moved_to: 32 } });
    expect((await pkgRow(package_id)).locker_number).toBe('32');
    const flagged = await sa.post(`/api/locations/${loc.a}/doors/32/out-of-service`);
    expect(flagged.json().data.package).toEqual({ id: package_id, flagged: true });
    expect((await pkgRow(package_id)).door_flag).toBe('door_out_of_service');
    const grid = (await support.get(`/api/locations/${loc.a}/occupancy`)).json().data;
    expect(grid.flagged).toBe(1);
    expect(grid.doors[31]).toMatchObject({ state: 'out_of_service', package: { id: package_id, flagged: true } });
    const kinds = (await t.db.selectFrom('events').select('kind').where('subject_type', '=', 'package').where('subject_id', '=', package_id).execute()).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['door-moved', 'door-flagged']));
    await support.post(`/api/locations/${loc.a}/doors/32/in-service`);
    expect((await pkgRow(package_id)).door_flag).toBeNull();
    // The terminal's door events list tells the doors' story too (docs/lockers.md "Door events").
    const listed = (await sa.get(`/api/locations/${loc.a}/door-events`)).json().data as { kind: string; compartment: number | null; package_id: number | null }[];
    expect(listed).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'door-in-service', compartment: 32, package_id: null }),
      expect.objectContaining({ kind: 'door-flagged', compartment: 32, package_id }),
      expect.objectContaining({ kind: 'door-moved', compartment: 27, package_id }),
      expect.objectContaining({ kind: 'door-out-of-service', compartment: 27 }),
    ]));
    const onlyMoves = (await sa.get(`/api/locations/${loc.a}/door-events?kind=door-moved`)).json().data as { kind: string }[];
    expect(onlyMoves.map((e) => e.kind)).toEqual(['door-moved']);
  });
});

describe("the customer's respond page", () => {
  it('shows a locker full for the parcel as such and refuses it; a PUDO point is taken', async () => {
    const s = await createShipment(ma, loc.near, ['LARGE']);
    const asked = await ma.post(`/api/shipments/${s.id}/request-location`);
    expect(asked.statusCode, asked.body).toBe(200);
    const { token } = await mintToken(t.db, t.app.config.secret!, 'shipments', s.id, new Date(clock.now().getTime() + 86_400_000), clock.now());
    const page = await t.app.inject({ method: 'GET', url: `/api/public/respond/${token}?lat=40.4168&lng=-3.7038` });
    expect(page.statusCode, page.body).toBe(200);
    const choices = page.json().data.choices as { id: number; full_for_size: string | null }[];
    expect(choices.find((c) => c.id === loc.a)?.full_for_size).toBe('LARGE');
    expect(choices.find((c) => c.id === loc.near)?.full_for_size).toBeNull();
    const refused = await t.app.inject({ method: 'POST', url: `/api/public/respond/${token}`, payload: { location_id: loc.a } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('lockers.full_for_size');
    const taken = await t.app.inject({ method: 'POST', url: `/api/public/respond/${token}`, payload: { location_id: loc.near } });
    expect(taken.statusCode, taken.body).toBe(200);
  });
});

describe('locker full: temporary storage', () => {
  it('reroutes to the nearest place with room within 2 km, keeps the expiry, tells the customer, and goes back the next business day', async () => {
    const s = await awaitingPickup(ma, loc.a, ['SMALL']);
    const p = s.packages[0]!;
    expect((await driver.post(`/api/packages/${p.id}/report-locker-full`, { reason: 'no_free_door' })).json().code).toBe('lockers.report_not_allowed');
    const picked = await driver.post(`/api/packages/${p.id}/pickup`);
    expect(picked.statusCode).toBe(200);
    // The driver screen offers "Locker full?" from meta.actions: on its way to a locker, yes; to a PUDO point, no.
    expect(picked.json().meta.actions).toEqual(expect.arrayContaining(['deposit', 'report-locker-full']));
    const toPudo = (await awaitingPickup(ma, loc.near, ['SMALL'])).packages[0]!;
    const pickedForPudo = await driver.post(`/api/packages/${toPudo.id}/pickup`);
    expect(pickedForPudo.json().meta.actions).toContain('deposit');
    expect(pickedForPudo.json().meta.actions).not.toContain('report-locker-full');
    expect((await driver.post(`/api/packages/${toPudo.id}/report-locker-full`, { reason: 'no_free_door' })).json().code).toBe('lockers.report_not_allowed');
    // The same verdict on the package's page, the list and the can route; a merchant admin is never offered it.
    expect((await driver.get(`/api/packages/${p.id}`)).json().meta.actions).toContain('report-locker-full');
    expect((await driver.get(`/api/user/can/report-locker-full/package?ids[0]=${p.id}&ids[1]=${toPudo.id}`)).json()).toMatchObject({ can: [p.id], cannot: [toPudo.id] });
    const listed = (await sa.get(`/api/packages?filters[id][0]=${p.id}`)).json();
    expect(listed.meta.actions[String(p.id)]).toContain('report-locker-full');
    expect((await ma.get(`/api/packages/${p.id}`)).json().meta?.actions ?? []).not.toContain('report-locker-full');
    expect((await driver.post(`/api/packages/${p.id}/report-locker-full`, { reason: 'full' })).statusCode).toBe(422);
    const before = await pkgRow(p.id);

    const res = await driver.post(`/api/packages/${p.id}/report-locker-full`, { reason: 'door_fault' });
    expect(res.statusCode, res.body).toBe(200);
    const kept = '2025-03-12T11:00:00.000Z'; // locker A's default: 5 calendar days from the report (Wednesday 07:00 EDT)
    expect(res.json().meta.storage).toMatchObject({ location_id: loc.near, distance: 1.5, expires_at: kept, returns_at: '2025-03-10T11:00:00.000Z' });
    const after = await pkgRow(p.id);
    expect(after).toMatchObject({ status: 50, dropoff_location_id: loc.near, storage_origin_id: loc.a, kept_expires_at: kept, barcode: before.barcode });
    // In temporary storage at a PUDO point: no longer on its way to a locker, so no longer offered.
    expect(res.json().meta.actions).not.toContain('report-locker-full');
    const messages = await t.db.selectFrom('outbox').select(['event', 'kind', 'payload']).where('event', '=', 'package-temporary-storage').execute();
    expect(messages.map((m) => m.kind).sort()).toEqual(['email', 'sms']);
    expect(JSON.parse(messages[0]!.payload as string)).toMatchObject({ location: 'Test PD-MAD-N', expires_at: kept });

    // The PUDO point takes it in a day later: ready to collect with the kept expiry, not a new one.
    await t.db.insertInto('user_locations').values({ user_id: (await t.db.selectFrom('users').select('id').where('email', '=', 'pudo@example.com').executeTakeFirstOrThrow()).id, location_id: loc.near }).execute();
    await travel('2025-03-08T10:00:00.000Z');
    const checkIn = await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: loc.near });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    expect(checkIn.json().data).toMatchObject({ status: 90, location_id: loc.near, expires_at: kept });

    // Not collected by Monday 07:00 local: back on the route of its own locker.
    expect((await runPackagePass(t.db, t.dialect, new Date('2025-03-10T10:59:00.000Z'))).returned).toBe(0);
    expect((await runPackagePass(t.db, t.dialect, new Date('2025-03-10T11:00:00.000Z'))).returned).toBe(1);
    expect(await pkgRow(p.id)).toMatchObject({ status: 90, dropoff_location_id: loc.a, storage_return_at: null, kept_expires_at: kept });
  });
});

describe('storage rules per location', () => {
  it('hold time in business days, reminder lead, extension policy and end action, applied by the package pass', async () => {
    await travel('2025-03-07T12:00:00.000Z');
    const rules = { storage_days: 2, storage_unit: 'business_days', storage_reminder_hours: 6, storage_extensions_max: 1, storage_extension_hours: 12, storage_extension_after_hours: 1, storage_end_action: 'return_to_sender' };
    const bad = await sa.put(`/api/locations/${loc.a}`, { ...rules, storage_unit: 'weeks' });
    expect(bad.statusCode).toBe(422);
    // The clock the days are counted on: a zone the runtime knows, else 422 (it was stored and silently ignored).
    const zone = await sa.put(`/api/locations/${loc.a}`, { timezone: 'Nassau' });
    expect(zone.json(), zone.body).toMatchObject({ code: 'validation.failed', errors: { timezone: 'Must be a time zone such as America/Nassau.' } });
    const put = await sa.put(`/api/locations/${loc.a}`, rules);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject(rules);

    const s = await awaitingPickup(ma, loc.a, ['MEDIUM']);
    const p = s.packages[0]!;
    await driver.post(`/api/packages/${p.id}/pickup`);
    const dep = await driver.post(`/api/packages/${p.id}/deposit`);
    expect(dep.statusCode, dep.body).toBe(200);
    // Friday 07:00 EST + 2 business days = Tuesday 07:00 EDT.
    expect(dep.json().data.expires_at).toBe('2025-03-11T11:00:00.000Z');
    expect((await sa.post(`/api/packages/${p.id}/extend-expiry`)).json().code).toBe('package.extension_too_early');
    await travel('2025-03-07T13:30:00.000Z');
    const ext = await sa.post(`/api/packages/${p.id}/extend-expiry`);
    expect(ext.statusCode, ext.body).toBe(200);
    expect(ext.json().data.expires_at).toBe('2025-03-11T23:00:00.000Z');
    expect((await sa.post(`/api/packages/${p.id}/extend-expiry`)).json().code).toBe('package.extension_limit');

    const countReminders = async () => (await t.db.selectFrom('events').select('id').where('subject_id', '=', p.id).where('kind', '=', 'remind').execute()).length;
    await runPackagePass(t.db, t.dialect, new Date('2025-03-11T16:00:00.000Z')); // 7 h before
    expect(await countReminders()).toBe(0);
    await runPackagePass(t.db, t.dialect, new Date('2025-03-11T17:30:00.000Z')); // 5.5 h before
    expect(await countReminders()).toBe(1);

    const pass = await runPackagePass(t.db, t.dialect, new Date('2025-03-11T23:00:01.000Z'));
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    expect((await pkgRow(p.id)).status).toBe(-45);
    const expire = await t.db.selectFrom('events').select(['data']).where('subject_id', '=', p.id).where('subject_type', '=', 'package').where('to_status', '=', -45).executeTakeFirstOrThrow();
    expect(JSON.parse(expire.data as string)).toMatchObject({ action: 'expire', reason: 'return_to_sender' });
  });

  it('a location with no rules set keeps today\'s behaviour (5 calendar days, expired waits)', async () => {
    const rules = (await sa.get(`/api/locations/${loc.b}`)).json().data;
    expect(rules).toMatchObject({ storage_days: 5, storage_unit: 'days', storage_reminder_hours: 24, storage_extensions_max: null, storage_extension_hours: 24, storage_extension_after_hours: 0, storage_end_action: 'manual' });
  });
});
