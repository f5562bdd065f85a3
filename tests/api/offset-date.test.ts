/**
 * `batch_items.offset_date` (issue 9): a real calendar date from today to the longest batch offset ahead
 * (DESIGN.md section 4: 90 days), on create, update and import; refused ones are a coded 422 and write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_TIME_ZONE, localDay } from '../../core/local-time.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { findMerchantId, upload } from './import-support.js';

// Days from today in the network's zone (the rule's today): from 19:00 or 20:00 in Nassau the UTC day is already tomorrow.
const day = (days: number) => new Date(Date.parse(`${localDay(new Date(), NETWORK_TIME_ZONE)}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const BAD = ['2024-13-45', '2025-02-30', day(-1), day(91), 'soon', '2030-1-5'];

describe('offset_date', () => {
  let t: TestApp;
  let admin: Client;
  let batchId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'merchant.admin@example.com');
    const acme = await findMerchantId(t.db, 'Acme%');
    const now = new Date().toISOString();
    batchId = (
      await t.db
        .insertInto('batches')
        .values({ merchant_id: acme, name: 'Dates', status: 0, pickup_location_id: null, contents: null, notification_message: null, reminder_message: null, final_reminder_message: null, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  const items = () => t.db.selectFrom('batch_items').select(['id', 'offset_date']).where('batch_id', '=', batchId).execute();
  const person = { first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.com' };

  it('create and update refuse impossible, past and too distant dates; today and 90 days ahead are fine', async () => {
    for (const offset_date of BAD) {
      const res = await admin.post('/api/batch_items', { batch_id: batchId, ...person, offset_date });
      expect(res.statusCode, offset_date).toBe(422);
      expect(Object.keys(res.json().errors), offset_date).toEqual(['offset_date']);
    }
    expect(await items()).toEqual([]);
    const today = await admin.post('/api/batch_items', { batch_id: batchId, ...person, offset_date: day(0) });
    expect(today.statusCode, today.body).toBe(201);
    const id = today.json().data.id as number;
    expect((await admin.post('/api/batch_items', { batch_id: batchId, ...person, offset_date: day(90) })).statusCode).toBe(201);
    for (const offset_date of BAD) expect((await admin.put(`/api/batch_items/${id}`, { offset_date })).statusCode, offset_date).toBe(422);
    expect((await items()).find((i) => i.id === id)!.offset_date).toBe(day(0));
  });

  it('an item whose stored date has passed can still be edited in other fields', async () => {
    const [first] = await items();
    await t.db.updateTable('batch_items').set({ offset_date: day(-5) }).where('id', '=', first!.id).execute();
    const res = await admin.put(`/api/batch_items/${first!.id}`, { first_name: 'Anabel' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the import marks the same dates invalid per row', async () => {
    const rows = BAD.map((d, i) => `P${i},Rolle,p${i}@example.com,,BS,en,${d}`);
    const csv = ['first_name,last_name,email,phone,country,locale,offset_date', ...rows, `Ok,Rolle,ok@example.com,,BS,en,${day(10)}`].join('\n') + '\n';
    const res = await upload(admin, { name: 'dates.csv', content: csv }, {}, `/api/batches/${batchId}/items/import/upload`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { valid: number; invalid: number; errors: { column: string }[] };
    expect(data).toMatchObject({ valid: 1, invalid: BAD.length });
    expect(new Set(data.errors.map((e) => e.column))).toEqual(new Set(['offset_date']));
  });
});
