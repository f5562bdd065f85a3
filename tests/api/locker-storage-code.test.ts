/**
 * "A full locker reroutes within 2 km with the same code" (issue 13, docs/lockers.md "The code follows the
 * package"): a package that got its pickup code at locker A is rerouted to locker A2, reported full there, kept
 * at locker B (0.5 km from A2), deposited at B: the customer's original code opens B's door, no new code is
 * issued, the "ready" message says to use the same code, and the expiry is the kept one. Runs on SQLite and,
 * with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { lockerSecret, openPickupCode } from '../../api/lockers/locker-keys.js';
import { createTestApp, guest, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup } from './operations-support.js';

const clock = fixedClock(new Date('2025-03-04T12:00:00.000Z'));
let t: TestApp;
let sa: Client;
let ma: Client;
let driver: Client;
let kiosk: Client;
const lockers = { a: { id: 0, secret: '' }, a2: { id: 0, secret: '' }, b: { id: 0, secret: '' } };

async function newLocker(code: string, latitude: number) {
  const created = await sa.post('/api/locations', { name: `Locker ${code}`, code, type: 'dropoff', class: 'locker', locker_service: 'smartbox-v4', latitude, longitude: -3.7038 });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  await t.db.updateTable('locations').set({ approved: 1 }).where('id', '=', id).execute();
  const res = await sa.post(`/api/locations/${id}/create-terminal`, { terminalLayout: 'L32' });
  expect(res.statusCode, res.body).toBe(200);
  return { id, secret: res.json().meta.terminal_secret as string };
}

const open = (at: keyof typeof lockers, code: string) =>
  kiosk.request({ method: 'POST', url: `/api/terminals/${lockers[at].id}/open`, body: { code }, headers: { authorization: `Terminal ${lockers[at].secret}`, 'accept-language': 'en' } });

async function readyMessages(packageId: number) {
  const secret = await lockerSecret(t.db);
  const rows = await t.db.selectFrom('outbox').select(['payload', 'kind']).where('subject_type', '=', 'packages').where('subject_id', '=', packageId).where('event', '=', 'package-available').orderBy('id').execute();
  return rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>).map((p) => ({ code: typeof p.pickup_code_sealed === 'string' ? openPickupCode(secret, p.pickup_code_sealed) : null, kept: p.pickup_code_kept === true }));
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  [sa, ma, driver] = await Promise.all(['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com'].map((e) => login(t.app, e)));
  kiosk = await guest(t.app);
  lockers.a = await newLocker('LK-SC-A', 40.44); // 2.6 km from A2
  lockers.a2 = await newLocker('LK-SC-A2', 40.4168);
  lockers.b = await newLocker('LK-SC-B', 40.4213); // 0.5 km from A2
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the code follows the package into temporary storage', () => {
  it('the original code opens the storage locker B; no new code, same expiry', async () => {
    const s = await awaitingPickup(ma, lockers.a.id, ['SMALL']);
    const p = s.packages[0]!;
    expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
    const dep = await driver.post(`/api/packages/${p.id}/deposit`);
    expect(dep.statusCode, dep.body).toBe(200);
    const first = await readyMessages(p.id);
    const code = first[0]!.code!;
    expect(code).toMatch(/^\d{6}$/);

    // Sent on to locker A2 (rerouted), taken out of A by the driver: the code stays with the package.
    const rerouted = await ma.post(`/api/packages/${p.id}/reroute`, { location: lockers.a2.id });
    expect(rerouted.statusCode, rerouted.body).toBe(200);
    expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
    expect(await t.db.selectFrom('pickup_codes').select('package_id').where('package_id', '=', p.id).executeTakeFirst()).toBeTruthy();

    // A2 is full: temporary storage at locker B, 0.5 km away.
    const full = await driver.post(`/api/packages/${p.id}/report-locker-full`, { reason: 'no_free_door' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json().meta.storage).toMatchObject({ location_id: lockers.b.id, class: 'locker', distance: 0.5 });
    const kept = full.json().meta.storage.expires_at as string;
    const told = await t.db.selectFrom('outbox').select('payload').where('subject_id', '=', p.id).where('event', '=', 'package-temporary-storage').executeTakeFirstOrThrow();
    expect(JSON.parse(told.payload)).toMatchObject({ location: 'Locker LK-SC-B', expires_at: kept });

    clock.set(new Date('2025-03-04T15:00:00.000Z'));
    const atB = await driver.post(`/api/packages/${p.id}/deposit`);
    expect(atB.statusCode, atB.body).toBe(200);
    expect(atB.json().data).toMatchObject({ status: 90, location_id: lockers.b.id, expires_at: kept });
    // No new code: B's "ready" message tells the customer to use the one they have.
    const after = await readyMessages(p.id);
    expect(after.slice(first.length).length).toBeGreaterThan(0);
    for (const m of after.slice(first.length)) expect(m).toEqual({ code: null, kept: true });

    // The original code opens nothing at A or A2, and B's door at B's terminal.
    expect((await open('a', code)).json().code).toBe('locker.code_invalid');
    const opened = await open('b', code);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.compartment).toEqual(expect.any(Number));
    expect((await t.db.selectFrom('packages').select('status').where('id', '=', p.id).executeTakeFirstOrThrow()).status).toBe(100);
    expect((await open('b', code)).json().code).toBe('locker.code_invalid');
  });

  it('the kiosk reports locker full for a scanned package with the courier badge: same verb, same rule', async () => {
    const driverId = (await t.db.selectFrom('users').select('id').where('email', '=', 'driver@example.com').executeTakeFirstOrThrow()).id;
    const badge = (await sa.post(`/api/users/${driverId}/badge`)).json().data.badge as string;
    const s = await awaitingPickup(ma, lockers.a2.id, ['SMALL']);
    const p = s.packages[0]!;
    const report = (body: Record<string, unknown>, secret = lockers.a2.secret) =>
      kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.a2.id}/report-full`, body, headers: { authorization: `Terminal ${secret}`, 'accept-language': 'es' } });
    // Not in the courier's hands yet: not depositable here.
    expect((await report({ badge, barcode: p.barcode, reason: 'door_fault' })).json().code).toBe('locker.package_not_here');
    expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
    expect((await report({ badge, barcode: p.barcode, reason: 'door_fault' }, lockers.b.secret)).statusCode).toBe(401);
    expect((await report({ badge: '0000000000', barcode: p.barcode, reason: 'door_fault' })).json().code).toBe('locker.badge_invalid');
    const bad = await report({ badge, barcode: p.barcode, reason: 'broken' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation.failed', errors: { reason: expect.any(String) } });
    const res = await report({ badge, barcode: p.barcode, reason: 'parcel_does_not_fit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ barcode: p.barcode, status: 50, storage: { location_id: lockers.b.id, distance: 0.5 } });
    expect(await t.db.selectFrom('packages').select(['dropoff_location_id', 'storage_origin_id']).where('id', '=', p.id).executeTakeFirstOrThrow()).toEqual({ dropoff_location_id: lockers.b.id, storage_origin_id: lockers.a2.id });
    const event = await t.db.selectFrom('events').select(['actor_id', 'data']).where('subject_id', '=', p.id).where('subject_type', '=', 'package').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(event.actor_id).toBe(driverId);
    expect(JSON.stringify(event.data)).toContain('parcel_does_not_fit');
  });
});
