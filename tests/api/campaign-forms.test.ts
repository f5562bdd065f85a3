/**
 * What the campaign and merchant forms rely on (issue 10, "What users expect"): how many customers starting a
 * batch or notifying would message (GET /api/batches/:id/audience, scoped to the merchant); a batch's texts
 * per language (message_translations, migration 023) reaching a Spanish customer; the brand colour stored
 * as #RRGGBB only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchStepRequests } from '../../api/notifications/batch-steps.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

describe('campaign forms: audience, texts per language, brand colour', () => {
  let t: TestApp;
  let admin: Client;
  let batchId: number;
  const itemIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'merchant.admin@example.com');
    const created = await admin.post('/api/batches', {
      name: 'Audience', offset: 30, reminder_count: 1, reminder_interval: 7, channels: 1, packages_small: 1,
      notification_message: 'Your order is ready.',
      message_translations: { es: { notification_message: 'Tu pedido está listo.' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    batchId = created.json().data.id;
    // Two reachable by e-mail, one with a phone only (the batch sends e-mail only), one reachable but already answered.
    const people = [
      { first_name: 'Ana', email: 'ana@example.net', locale: 'en' },
      { first_name: 'Lucía', email: 'lucia@example.net', locale: 'es' },
      { first_name: 'Ben', phone: '2424410000' },
      { first_name: 'Cy', email: 'cy@example.net' },
    ];
    for (const p of people) {
      const res = await admin.post('/api/batch_items', { batch_id: batchId, last_name: 'Rolle', country: 'BS', offset_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10), ...p });
      expect(res.statusCode, res.body).toBe(201);
      itemIds.push(res.json().data.id);
    }
    await t.db.updateTable('batch_items').set({ status: 90 }).where('id', '=', itemIds[3]).execute();
  });
  afterAll(async () => t?.close());

  const audience = (client: Client, query: Record<string, unknown>) => client.get(`/api/batches/${batchId}/audience`, query);

  it('counts the customers starting the batch would message: planned and reachable on its channels', async () => {
    const res = await audience(admin, { verb: 'start' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ verb: 'start', customers: 2, sms: null }); // e-mail only: no SMS to size
    // With SMS too, the customer with a phone only counts.
    const batch = (await admin.get(`/api/batches/${batchId}`)).json().data;
    expect((await admin.put(`/api/batches/${batchId}`, { ...batch, channels: 3 })).statusCode).toBe(200);
    expect((await audience(admin, { verb: 'start' })).json().data.customers).toBe(3);
  });

  it('counts the chosen customers notifying would message, and only this batch’s', async () => {
    expect((await audience(admin, { verb: 'notify', ids: [itemIds[0], itemIds[3]] })).json().data.customers).toBe(1);
    expect((await audience(admin, { verb: 'notify', ids: itemIds })).json().data.customers).toBe(3);
    expect((await audience(admin, { verb: 'notify', ids: [999999] })).json().data.customers).toBe(0);
    expect((await audience(admin, { verb: 'shout' })).statusCode).toBe(400);
  });

  it("is scoped to the batch's merchant: another merchant and a role without edit are refused, no count leaks", async () => {
    const other = await login(t.app, 'other.admin@example.com');
    const refused = await audience(other, { verb: 'start' });
    expect([403, 404]).toContain(refused.statusCode);
    expect(refused.json().data).toBeUndefined();
    // Globex with the batches feature still does not see Acme's batch.
    await t.db.updateTable('merchants').set({ features: 255 }).where('name', '=', 'Globex').execute();
    const otherAgain = await login(t.app, 'other.admin@example.com');
    expect((await audience(otherAgain, { verb: 'start' })).statusCode).toBe(404);
    const driver = await login(t.app, 'driver@example.com');
    expect((await audience(driver, { verb: 'start' })).statusCode).toBe(403);
  });

  it("stores the batch's texts per language and sends a Spanish customer the Spanish one", async () => {
    const shown = (await admin.get(`/api/batches/${batchId}`)).json().data;
    expect(shown.message_translations).toEqual({ es: { notification_message: 'Tu pedido está listo.' } });
    const batch = await t.db.selectFrom('batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const step = { kind: 'notify' as const, channelBits: 1, planned: { kind: 'notify' as const, at: new Date().toISOString(), reminder: 0 } };
    const item = (locale: string) => ({ id: 1, merchant_id: batch.merchant_id, first_name: 'L', email: 'l@example.net', phone: null, full_phone_number: null, locale });
    expect(batchStepRequests(item('es'), batch, step, { respondToken: 'x' })[0].payload).toMatchObject({ message: 'Tu pedido está listo.', message_locale: 'es' });
    expect(batchStepRequests(item('en'), batch, step, { respondToken: 'x' })[0].payload).toMatchObject({ message: 'Your order is ready.', message_locale: 'en' });
    // Unknown languages and over-long texts are refused with the field named.
    const bad = await admin.put(`/api/batches/${batchId}`, { ...shown, message_translations: { fr: { notification_message: 'Salut' } } });
    expect(bad.statusCode).toBe(422);
    const long = await admin.put(`/api/batches/${batchId}`, { ...shown, message_translations: { es: { reminder_message: 'x'.repeat(1001) } } });
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.json())).toContain('message_translations.es.reminder_message');
  });

  it('stores the brand colour as #RRGGBB only, and shows an old theme name as its colour', async () => {
    const root = await login(t.app, 'superadmin@example.com');
    const acme = await t.db.selectFrom('merchants').select(['id', 'branding']).where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow();
    const branding = { ...JSON.parse(acme.branding ?? '{}') };
    const bad = await root.put(`/api/merchants/${acme.id}`, { branding: { ...branding, email_theme: 'orange' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors?.['branding.email_theme'] ?? JSON.stringify(bad.json())).toMatch(/#RRGGBB/);
    const ok = await root.put(`/api/merchants/${acme.id}`, { branding: { ...branding, email_theme: '#1565C0' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.branding.email_theme).toBe('#1565c0');
    await t.db.updateTable('merchants').set({ branding: JSON.stringify({ ...branding, email_theme: 'orange' }) }).where('id', '=', acme.id).execute();
    expect((await root.get(`/api/merchants/${acme.id}`)).json().data.branding.email_theme).toBe('#ef6c00');
  });
});
