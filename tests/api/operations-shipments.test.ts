/**
 * Shipment-level operations (docs/operations-api.md): POST /api/shipments/:id/cancel (every cancellable
 * package in one transaction, derived status, events, coded refusals, meta.actions and user/can) and
 * bulk print of 1,000 shipments with the ids in a POST body. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { createShipment, expectBulkPrintFailures, expectNothingPrinted, locationIds, statusOf } from './operations-support.js';

let t: TestApp;
let ma: Client; // Acme merchant admin
let mu: Client; // Acme merchant user
let globex: Client; // another merchant's admin
let driver: Client;
const id = { pudo: 0, locker: 0, acme: 0 };

beforeAll(async () => {
  t = await createTestApp();
  [ma, mu, globex, driver] = await Promise.all(
    ['merchant.admin@example.com', 'merchant.user@example.com', 'other.admin@example.com', 'driver@example.com'].map((e) => login(t.app, e)),
  );
  Object.assign(id, await locationIds(t.db, { pudo: 'PD-NAS-01', locker: 'LK-NAS-01' }));
  id.acme = (await t.db.selectFrom('users').select('merchant_id').where('email', '=', 'merchant.admin@example.com').executeTakeFirstOrThrow()).merchant_id!;
});
afterAll(async () => {
  await t?.close();
});

describe('shipment cancel', () => {
  it('cancels every package of a printed shipment in one go: packages and shipment -90, events, no longer offered', async () => {
    const s = await createShipment(ma, id.pudo);
    expect((await ma.post(`/api/shipments/${s.id}/print`)).statusCode).toBe(200);
    expect((await ma.get(`/api/shipments/${s.id}`)).json().meta.actions).toContain('cancel');

    const res = await ma.post(`/api/shipments/${s.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(-90);
    expect(res.json().meta.actions).not.toContain('cancel');
    for (const p of s.packages) expect(await statusOf(t.db, 'packages', p.id)).toBe(-90);

    const packageEvents = await t.db.selectFrom('events').select(['subject_id', 'from_status', 'to_status', 'actor_id']).where('subject_type', '=', 'package')
      .where('subject_id', 'in', s.packages.map((p) => p.id)).where('to_status', '=', -90).orderBy('subject_id').execute();
    expect(packageEvents.map((e) => [e.subject_id, e.from_status])).toEqual(s.packages.map((p) => [p.id, 20]));
    const shipmentEvents = await t.db.selectFrom('events').select(['from_status', 'to_status', 'reason']).where('subject_type', '=', 'shipment').where('subject_id', '=', s.id).where('to_status', '=', -90).execute();
    expect(shipmentEvents).toEqual([{ from_status: 20, to_status: -90, reason: 'cancel' }]);

    const again = await ma.post(`/api/shipments/${s.id}/cancel`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'shipment.action_not_allowed' });
  });

  it('cancels a draft, and a locker shipment gives its reserved compartments back', async () => {
    const draft = await createShipment(ma, id.pudo, ['SMALL']);
    expect((await ma.post(`/api/shipments/${draft.id}/cancel`)).json().data.status).toBe(-90);

    const locker = await createShipment(ma, id.locker, ['SMALL', 'SMALL']);
    expect((await ma.post(`/api/shipments/${locker.id}/register`)).statusCode).toBe(200);
    const held = () => t.db.selectFrom('locker_compartments').select('package_id').where('package_id', 'in', locker.packages.map((p) => p.id)).execute();
    expect(await held()).toHaveLength(2);
    expect((await ma.post(`/api/shipments/${locker.id}/cancel`)).json().data.status).toBe(-90);
    expect(await held()).toEqual([]);
  });

  it('leaves packages already on their way alone; the status is derived from the rest', async () => {
    const s = await createShipment(ma, id.pudo);
    await ma.post(`/api/shipments/${s.id}/print`);
    await ma.post(`/api/shipments/${s.id}/request-pickup`);
    const [travelling, waiting] = s.packages;
    expect((await driver.post(`/api/packages/${travelling!.id}/pickup`)).statusCode).toBe(200);
    expect(await statusOf(t.db, 'shipments', s.id)).toBe(30);

    const res = await ma.post(`/api/shipments/${s.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t.db, 'packages', waiting!.id)).toBe(-90);
    expect(await statusOf(t.db, 'packages', travelling!.id)).toBe(50);
    expect(res.json().data.status).toBe(50);
    // In transit: nothing left to cancel.
    expect((await ma.post(`/api/shipments/${s.id}/cancel`)).json().code).toBe('shipment.action_not_allowed');
  });

  it('refuses with coded errors and writes nothing when nothing can be cancelled', async () => {
    const s = await createShipment(ma, id.pudo);
    await ma.post(`/api/shipments/${s.id}/print`);
    // Role: a merchant user may not cancel (403), another merchant does not see the shipment (404).
    expect((await mu.post(`/api/shipments/${s.id}/cancel`)).json()).toMatchObject({ code: 'forbidden' });
    expect((await mu.post(`/api/shipments/${s.id}/cancel`)).statusCode).toBe(403);
    expect((await globex.post(`/api/shipments/${s.id}/cancel`)).statusCode).toBe(404);
    expect((await driver.post(`/api/shipments/${s.id}/cancel`)).statusCode).toBe(404);

    const empty = await createShipment(ma, id.pudo, []);
    const noPackages = await ma.post(`/api/shipments/${empty.id}/cancel`);
    expect(noPackages.statusCode).toBe(400);
    expect(noPackages.json()).toMatchObject({ code: 'shipment.no_packages', message: 'Shipment has no packages' });

    // A shipment whose status still allows it but whose packages have all left (stale status): refused, rolled back.
    await t.db.updateTable('packages').set({ status: 50 }).where('shipment_id', '=', s.id).execute();
    const before = await t.db.selectFrom('shipments').select(['status', 'updated_at']).where('id', '=', s.id).executeTakeFirstOrThrow();
    const none = await ma.post(`/api/shipments/${s.id}/cancel`);
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('shipment.action_not_allowed');
    expect(await t.db.selectFrom('shipments').select(['status', 'updated_at']).where('id', '=', s.id).executeTakeFirstOrThrow()).toEqual(before);

    const can = await ma.get('/api/user/can/cancel/shipment', { ids: [empty.id, s.id] });
    expect(can.json()).toMatchObject({ allOk: false, can: [s.id], cannot: [empty.id], reasons: { [empty.id]: 'shipment.no_packages' } });
    expect((await mu.get('/api/user/can/cancel/shipment', { ids: [s.id] })).json()).toMatchObject({ allOk: false, reasons: { [s.id]: 'forbidden' } });
  });
});

describe('bulk print by POST', () => {
  it('prints 1,000 shipments given in the body; failing ones are reported and the rest print', async () => {
    const now = new Date().toISOString();
    const ids: number[] = [];
    // 998 registered shipments with one draft package each, inserted directly (the API path is covered elsewhere).
    for (let chunk = 0; chunk < 998; chunk += 200) {
      const n = Math.min(200, 998 - chunk);
      const rows = Array.from({ length: n }, (_, i) => ({
        reference_id: `LLBULK${String(chunk + i).padStart(6, '0')}`, external_reference_id: null, status: 10, merchant_id: id.acme, created_by: null,
        first_name: 'Bulk', last_name: `Print ${chunk + i}`, email: null, phone: null, pickup_location_id: null, dropoff_location_id: id.pudo,
        contents: null, batch_id: null, manifest_id: null, package_count: 1, pickup_requested_at: null, created_at: now, updated_at: now,
      }));
      const inserted = await t.db.insertInto('shipments').values(rows).returning('id').execute();
      await t.db.insertInto('packages').values(inserted.map((r, i) => ({
        barcode: `BULKPKG${String(chunk + i).padStart(8, '0')}`, size: 'SMALL', status: 0, description: null, shipment_id: r.id, merchant_id: id.acme,
        location_id: null, dropoff_location_id: id.pudo, driver_id: null, manifest_id: null, consolidated_to_id: null, locker_number: null,
        available_at: null, expires_at: null, created_at: now, updated_at: now,
      }))).execute();
      ids.push(...inserted.map((r) => r.id));
    }
    const empty = await createShipment(ma, id.pudo, []);
    const selection = [...ids.slice(0, 500), empty.id, ...ids.slice(500), 99_999_999];
    expect(selection).toHaveLength(1000);

    const res = await ma.post('/api/shipments/bulk-print', { ids: selection });
    // One page listing the failures, then one label per printed shipment.
    expectBulkPrintFailures(res, empty, 99_999_999, 1 + 998);
    const printed = await t.db.selectFrom('shipments').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).where('status', '=', 20).executeTakeFirstOrThrow();
    expect(Number(printed.n)).toBe(998);
  }, 120_000);

  it('answers 400 with the coded error when nothing prints, and refuses bad id lists', async () => {
    const empty = await createShipment(ma, id.pudo, []);
    const none = await ma.post('/api/shipments/bulk-print', { ids: [empty.id] });
    expectNothingPrinted(none, empty);
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }]) {
      const res = await ma.post('/api/shipments/bulk-print', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.json().code).toBe('bad_request');
    }
  });
});
