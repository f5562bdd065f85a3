/**
 * What a driver sees (api/resources/packages/packages.repository.ts driverPackages, shared by the package
 * list, records, user/can and the verbs): expired (-40) packages sitting in lockers, which the /lockers
 * screen lists and makes retrievable ("expire all"); not other people's packages ready to collect.
 * Tenant rules for everyone else are unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPackagePass } from '../../api/jobs/package-expiry.job.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, locationIds, type CreatedPackage } from './operations-support.js';

let t: TestApp;
let ma: Client;
let driver: Client;
let pudo: Client; // Bay Street Pharmacy (PD-NAS-01)
let globex: Client;
const id = { pudo: 0, locker: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [ma, driver, pudo, globex] = await Promise.all(
    ['merchant.admin@example.com', 'driver@example.com', 'pudo@example.com', 'other.admin@example.com'].map((e) => login(t.app, e)),
  );
  Object.assign(id, await locationIds(t.db, { pudo: 'PD-NAS-01', locker: 'LK-NAS-01' }));
});
afterAll(async () => {
  await t?.close();
});

/** A one-package shipment carried by the driver to its drop-off: deposited in a locker or checked in at the PUDO (90). */
async function delivered(dropoff: number): Promise<CreatedPackage> {
  const p = (await awaitingPickup(ma, dropoff, ['SMALL'])).packages[0]!;
  expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
  const arrived = dropoff === id.locker ? await driver.post(`/api/packages/${p.id}/deposit`) : await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: dropoff });
  expect(arrived.statusCode, arrived.body).toBe(200);
  expect(arrived.json().data).toMatchObject({ status: 90, location_id: dropoff, driver_id: null });
  return p;
}

/** The /lockers screen's request: the locker's expired packages. */
const lockerList = (client: Client) =>
  client.get('/api/packages', { perPage: 100, sort: 'expires_at', filters: { location_id: [id.locker], status: [-40] } });

describe('driver scope', () => {
  it('a driver sees the expired packages in a locker, may make them retrievable, and still not others\' ready packages', async () => {
    const expired = await delivered(id.locker);
    const { expires_at } = await t.db.selectFrom('packages').select('expires_at').where('id', '=', expired.id).executeTakeFirstOrThrow();
    // The scheduler's pass after the expiry; the PUDO package arrives afterwards, so it stays ready to collect.
    await runPackagePass(t.db, t.dialect, new Date(Date.parse(expires_at!) + 1000));
    const ready = await delivered(id.pudo);
    expect((await t.db.selectFrom('packages').select('status').where('id', '=', expired.id).executeTakeFirstOrThrow()).status).toBe(-40);
    expect((await t.db.selectFrom('packages').select('status').where('id', '=', ready.id).executeTakeFirstOrThrow()).status).toBe(90);

    const list = await lockerList(driver);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toContain(expired.id);
    expect(list.json().meta.actions[String(expired.id)]).toContain('expire');
    expect((await driver.get(`/api/packages/${expired.id}`)).statusCode).toBe(200);
    // "Expire all" asks user/can first: the expired package qualifies, the ready one is not even visible.
    expect((await driver.get('/api/user/can/expire/package', { ids: [expired.id] })).json()).toMatchObject({ allOk: true, can: [expired.id] });
    expect((await driver.get('/api/user/can/expire/package', { ids: [ready.id] })).json()).toMatchObject({ allOk: false, reasons: { [ready.id]: 'not_found' } });

    // Ready to collect at its own drop-off: not the driver's business (list, record, verbs, scan).
    const all = await driver.get('/api/packages', { perPage: 100, filters: { status: [90] } });
    expect(all.json().data.map((p: { id: number }) => p.id)).not.toContain(ready.id);
    expect((await driver.get(`/api/packages/${ready.id}`)).statusCode).toBe(404);
    expect((await driver.post(`/api/packages/${ready.id}/extend-expiry`)).statusCode).toBe(404);
    expect((await driver.get('/api/packages/lookup', { barcode: ready.barcode })).statusCode).toBe(404);

    // Tenant rules for everyone else: another merchant and a PUDO elsewhere do not see the locker package.
    expect((await lockerList(globex)).json().data.map((p: { id: number }) => p.id)).not.toContain(expired.id);
    expect((await lockerList(pudo)).json().data.map((p: { id: number }) => p.id)).not.toContain(expired.id);
    expect((await lockerList(ma)).json().data.map((p: { id: number }) => p.id)).toContain(expired.id);

    const expire = await driver.post(`/api/packages/${expired.id}/expire`);
    expect(expire.statusCode, expire.body).toBe(200);
    expect(expire.json().data.status).toBe(-45);
    expect((await lockerList(driver)).json().data.map((p: { id: number }) => p.id)).not.toContain(expired.id);
  });
});
