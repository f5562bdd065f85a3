/**
 * Public tracking of a multi-package shipment: customer-facing states (never "Draft"), each package's own
 * state and place, a rerouted package's new destination, a shipment-level "partly ready".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_STATUS } from '../../core/statuses.js';
import { createTestApp, guest, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let ma: Client;
const locationId = async (code: string) => (await t.db.selectFrom('locations').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  ma = await login(t.app, 'merchant.admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('public tracking', () => {
  it('tells a customer "being prepared", not the internal "Draft"', async () => {
    const s = (await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', dropoff_location_id: await locationId('PD-NAS-01'), packages: [{ size: 'SMALL' }] })).json().data;
    const data = (await (await guest(t.app)).get(`/api/public/track/${s.reference_id}`)).json().data;
    expect(data).toMatchObject({ state: 'preparing', packages: [{ number: 1, state: 'preparing', location: null, destination: { name: 'Bay Street Pharmacy', class: 'pudo' } }] });
  });

  it("shows each package's state and place: one ready at its PUDO, one rerouted and still on its way", async () => {
    const bay = await locationId('PD-NAS-01');
    const freeport = await locationId('PD-FPO-01');
    const s = (await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.net', dropoff_location_id: bay, packages: [{ size: 'SMALL' }, { size: 'LARGE' }] })).json().data;
    const [first, second] = s.packages as { id: number }[];
    await t.db.updateTable('packages').set({ status: PACKAGE_STATUS.ready_to_collect, location_id: bay, expires_at: '2031-01-05T10:00:00.000Z' }).where('id', '=', first.id).execute();
    await t.db.updateTable('packages').set({ status: PACKAGE_STATUS.in_transit, dropoff_location_id: freeport, is_rerouted: 1 }).where('id', '=', second.id).execute();
    await t.db.updateTable('shipments').set({ status: 50 }).where('id', '=', s.id).execute();

    const res = await (await guest(t.app)).get(`/api/public/track/${s.reference_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.state).toBe('partly_ready');
    expect(data.packages).toEqual([
      expect.objectContaining({ number: 1, state: 'ready', location: expect.objectContaining({ name: 'Bay Street Pharmacy', address: 'Bay Street 84, Nassau' }), rerouted: false, expires_at: '2031-01-05T10:00:00.000Z' }),
      expect.objectContaining({ number: 2, state: 'on_its_way', location: null, destination: expect.objectContaining({ name: 'Freeport Mart' }), rerouted: true }),
    ]);
    expect(res.body).not.toContain('Lovelace');
  });
});
