/**
 * One phone format in storage: E.164 from the form (national digits), the import (spaced international text),
 * fetch and batch items; migration 016 rewrites older rows. Screens format it (core formatPhoneForDisplay).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as normalisePhones } from '../../api/db/migrations/016-phones-e164.js';
import { formatPhoneForDisplay, toE164 } from '../../core/phone.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { addImportLocations, upload } from './import-support.js';

let t: TestApp;
let ma: Client;
let pudo: number;
const phoneOf = async (table: 'shipments' | 'batch_items', id: number) =>
  t.db.selectFrom(table).select(table === 'shipments' ? ['phone'] : ['phone', 'full_phone_number']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  await addImportLocations(t.db);
  ma = await login(t.app, 'merchant.admin@example.com');
  pudo = (await t.db.selectFrom('locations').select('id').where('code', '=', 'PD-NAS-01').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t?.close();
});

describe('phone numbers', () => {
  it('normalises national, spaced and international input to E.164 and shows the international format', () => {
    expect(toE164('2423575555', 'BS')).toBe('+12423575555');
    expect(toE164('+1 242 357 5555', 'BS')).toBe('+12423575555');
    expect(toE164('612 34 56 78', 'ES')).toBe('+34612345678');
    expect(toE164('  ', 'BS')).toBeNull();
    expect(formatPhoneForDisplay('+12423575555', 'BS')).toBe('+1 242 357 5555');
    expect(formatPhoneForDisplay('not a phone')).toBe('not a phone');
  });

  it('stores what the shipment form sends (national digits) as E.164, on create and update', async () => {
    const created = await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', phone: '2423575555', country: 'BS', dropoff_location_id: pudo, packages: [{ size: 'SMALL' }] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await phoneOf('shipments', id)).phone).toBe('+12423575555');
    const updated = await ma.put(`/api/shipments/${id}`, { phone: '242 357 5556' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await phoneOf('shipments', id)).phone).toBe('+12423575556');
    const bad = await ma.post('/api/shipments', { first_name: 'Ada', last_name: 'Lovelace', phone: '12', country: 'BS', dropoff_location_id: pudo, packages: [{ size: 'SMALL' }] });
    expect(bad.statusCode).toBe(422);
  });

  it('stores an imported "+1 242 502 1234" as E.164', async () => {
    const csv = 'first_name,last_name,phone,country,dropoff_location,size\nBo,Rolle,+1 242 502 1234,BS,NAS-PUDO-01,SMALL\n';
    const res = await upload(ma, { name: 'phones.csv', content: csv });
    expect(res.statusCode, res.body).toBe(200);
    const save = await ma.post(`/api/shipments/import/${res.json().data.id}/save`, { only_valid: false });
    expect(save.statusCode, save.body).toBe(200);
    expect((await phoneOf('shipments', save.json().data.created[0])).phone).toBe('+12425021234');
  });

  it('stores a batch item phone as E.164 (phone and full_phone_number alike)', async () => {
    const batch = (await ma.post('/api/batches', { name: 'Phones' })).json().data;
    const item = await ma.post('/api/batch_items', { batch_id: batch.id, first_name: 'Bo', last_name: 'Diddley', phone: '242 441 0000', country: 'BS' });
    expect(item.statusCode, item.body).toBe(201);
    expect(await phoneOf('batch_items', item.json().data.id)).toEqual({ phone: '+12424410000', full_phone_number: '+12424410000' });
  });

  it('migration 016 rewrites older rows stored nationally or with spaces, and leaves unparsable text', async () => {
    const created = await ma.post('/api/shipments', { first_name: 'Cy', last_name: 'Young', email: 'cy@example.net', dropoff_location_id: pudo, packages: [{ size: 'SMALL' }] });
    const id = created.json().data.id;
    for (const [stored, expected] of [['2423575555', '+12423575555'], ['+1 242 357 5557', '+12423575557'], ['call me', 'call me']]) {
      await t.db.updateTable('shipments').set({ phone: stored, country: 'BS' }).where('id', '=', id).execute();
      await normalisePhones(t.db);
      expect((await phoneOf('shipments', id)).phone).toBe(expected);
    }
  });
});
