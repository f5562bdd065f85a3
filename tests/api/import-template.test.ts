/**
 * The shipment import template is generated for the requesting merchant: its sample row names a real
 * drop-off point of that merchant (so the sample imports as it is) and the explanation sheet lists the
 * drop-off points it may use (no warehouse, no other merchant's own points).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../core/i18n/index.js';
import { es } from '../../core/i18n/index.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { readWorkbook, upload } from './import-support.js';
import { buildTemplate } from '../../templates/import-template.js';

let t: TestApp;
let acme: Client;

beforeAll(async () => {
  t = await createTestApp();
  acme = await login(t.app, 'merchant.admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

describe('import template', () => {
  it("has a sample row that imports as it is, naming one of the merchant's drop-off points", async () => {
    const csv = await acme.get('/api/shipments/import/template', { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const [header, sample] = csv.body.trim().split('\n');
    const dropoff = sample.split(',')[header.split(',').indexOf('dropoff_location')];
    const location = await t.db.selectFrom('locations').select(['class', 'active', 'type']).where('code', '=', dropoff).executeTakeFirst();
    expect(location).toEqual({ class: 'pudo', active: 1, type: 'dropoff' });

    const res = await upload(acme, { name: 'template.csv', content: csv.body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rows: 1, valid: 1, invalid: 0, errors: [] });
  });

  it('lists the drop-off points the merchant may use on the explanation sheet, in the user language', async () => {
    const usable = await t.db
      .selectFrom('locations')
      .select(['code', 'class', 'merchant_id'])
      .where('type', '=', 'dropoff')
      .where('active', '=', 1)
      .execute();
    const acmeId = (await t.db.selectFrom('merchants').select('id').where('name', 'like', 'Acme%').executeTakeFirstOrThrow()).id;
    const xlsx = await acme.request({ method: 'GET', url: '/api/shipments/import/template' });
    const values = (await readWorkbook(xlsx.rawPayload)).worksheets[1].getColumn(1).values.map(String);
    expect(values).toContain(en.import.template.dropoffs);
    for (const l of usable) {
      const expected = l.class !== 'warehouse' && (l.merchant_id === null || l.merchant_id === acmeId);
      expect(values.includes(l.code), `${l.code} listed: ${expected}`).toBe(expected);
    }
    // In Spanish (the user's language decides), with the kind of each point.
    const spanish = await buildTemplate('xlsx', 'es', 'shipments', { dropoffs: [{ code: 'PD-1', name: 'Farmacia', class: 'pudo', locality: 'Nassau' }] });
    const rows = (await readWorkbook(spanish)).worksheets[1].getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1).map(String) : []));
    expect(rows).toContainEqual([es.import.template.dropoffs]);
    expect(rows).toContainEqual(['PD-1', es.location_classes.pudo, 'Farmacia', 'Nassau']);
  });
});
