/**
 * Batch campaigns end to end against a real SMTP server on loopback, with an injectable clock:
 * start -> initial e-mails -> reminders on the right days -> the customer answers on the public page
 * (reminders stop) -> pause / resume without double sends -> idle -> conversion into a shipment;
 * replayed, expired and forged links; public tracking data without personal data. A customer who reads
 * Spanish gets every message, the respond page and the converted shipment in Spanish; notify is offered
 * only while the batch runs and "convert responded" once someone answered (meta.actions and user/can agree
 * with the endpoint's refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runCampaignPass } from '../../api/campaigns/scheduler.js';
import { newTokens } from '../../api/campaigns/tokens.js';
import { createSmtpMailer } from '../../api/providers/mail/smtp.js';
import { emailTransport, messageLogTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { createTestApp, guest, login, type Client, type TestApp } from './helpers.js';
import { startSmtpCapture, tokenIn } from './campaigns-support.js';

const DAY = 86_400_000;
const START = new Date('2031-03-01T09:00:00.000Z');
const SECRET = 'campaign-test-secret';

describe('batch campaigns', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let mailer: ReturnType<typeof createSmtpMailer>;
  const clock = fixedClock(START);
  let admin: Client;
  let batchId: number;
  let itemIds: number[];
  /** The customer who reads Spanish. */
  let luciaId: number;
  let pudoId: number;
  const tokens: Record<string, string> = {};

  const schedule = () => runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
  const deliver = () =>
    runDeliveryPass({ db: t.db, dialect: t.dialect, clock, publicUrl: 'http://lockerline.test', transports: { email: emailTransport(mailer), sms: messageLogTransport(t.db) } });
  const item = (id: number) => t.db.selectFrom('batch_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  const actionsOf = async (id: number) => (await admin.get(`/api/batch_items/${id}`)).json().meta.actions as string[];
  const canNotify = async (ids: number[]) => (await admin.get('/api/user/can/notify/batch_item', { ids })).json();
  const day = async (n: number) => {
    clock.set(new Date(START.getTime() + n * DAY));
    await schedule();
    await deliver();
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { secret: SECRET } });
    smtp = await startSmtpCapture();
    mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    admin = await login(t.app, 'merchant.admin@example.com');
    pudoId = (await t.db.selectFrom('locations').select('id').where('class', '=', 'pudo').where('type', '=', 'dropoff').where('active', '=', 1).where('merchant_id', 'is', null).executeTakeFirstOrThrow()).id;
    // The demo data's running batch would send too; this suite looks only at its own batch.
    await t.db.updateTable('batches').set({ status: 25 }).execute();
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await t?.close();
  });

  it("creates a batch with three customers (one reading Spanish, the creating user's language by default) and starts it", async () => {
    const created = await admin.post('/api/batches', {
      name: 'Spring pickups', offset: 30, reminder_count: 2, reminder_interval: 7, channels: 1, custom_final_reminder: true,
      packages_small: 1, packages_medium: 1, contents: 'Apparel',
      notification_message: 'Your order is ready.', reminder_message: 'Still waiting for your choice.', final_reminder_message: 'Last call for your parcel.',
    });
    expect(created.statusCode, created.body).toBe(201);
    batchId = created.json().data.id;
    itemIds = [];
    const customer = (first: string, extra: Record<string, unknown> = {}) =>
      admin.post('/api/batch_items', { batch_id: batchId, first_name: first, last_name: 'Rolle', email: `${first.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@example.net`, phone: '2424410000', country: 'BS', offset_date: '2031-03-20', ...extra });
    const ana = await customer('Ana');
    expect(ana.statusCode, ana.body).toBe(201);
    expect(ana.json().data.locale).toBe('en'); // the merchant admin's language
    // With the admin's language switched to Spanish: a given language stands, an absent one is the admin's.
    expect((await admin.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    const ben = await customer('Ben', { locale: 'en' });
    // No mobile number for Lucía: a locker texts its pickup code, so her page offers PUDO points only.
    const lucia = await customer('Lucía', { phone: null });
    expect([ben.json().data.locale, lucia.json().data.locale]).toEqual(['en', 'es']);
    const french = await customer('Léa', { locale: 'fr' });
    expect(french.statusCode).toBe(422);
    expect(french.json()).toMatchObject({ code: 'validation.failed', errors: { locale: 'Debe ser uno de los valores permitidos.' } });
    expect((await admin.put('/api/user/locale', { locale: 'en' })).statusCode).toBe(200);
    itemIds = [ana.json().data.id, ben.json().data.id];
    luciaId = lucia.json().data.id;
    const list = await admin.get('/api/batches', { filters: { id: batchId } });
    expect(list.json().meta.actions[String(batchId)]).toContain('start');
    // Nobody has answered: "convert responded" is not offered, user/can says why, the endpoint refuses alike.
    expect(list.json().meta.actions[String(batchId)]).not.toContain('convert-responded');
    expect((await admin.get('/api/user/can/convert-responded/batch', { ids: [batchId] })).json()).toMatchObject({ allOk: false, reasons: { [batchId]: 'batch_item.not_responded' } });
    const none = await admin.post(`/api/batches/${batchId}/convert-responded`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('batch_item.not_responded');

    // Not started: notify is not offered, and the endpoint refuses it with the same code.
    const items = await admin.get('/api/batch_items', { filters: { batch_id: batchId } });
    expect(items.json().data.map((i: { locale: string }) => i.locale)).toEqual(['en', 'en', 'es']);
    for (const actions of Object.values(items.json().meta.actions as Record<string, string[]>)) expect(actions).not.toContain('notify');
    expect(await canNotify([itemIds[0]!, luciaId])).toMatchObject({ allOk: false, can: [], reasons: { [itemIds[0]!]: 'batch_item.batch_not_running', [luciaId]: 'batch_item.batch_not_running' } });
    const notRunning = await admin.post(`/api/batch_items/${itemIds[0]}/notify`);
    expect(notRunning.json().code).toBe('batch_item.batch_not_running');
    const started = await admin.post(`/api/batches/${batchId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.status).toBe(50);
    expect(started.json().meta.actions).toContain('pause');
    expect((await admin.post(`/api/batches/${batchId}/start`)).json().code).toBe('batch.not_startable');
    expect((await item(itemIds[0]!)).status).toBe(25);
    expect(await actionsOf(itemIds[0]!)).toContain('notify');
    expect((await canNotify([itemIds[0]!, luciaId])).allOk).toBe(true);
  });

  it("sends the initial notification at once (expiry closer than the offset), in each customer's language", async () => {
    await day(0);
    expect(mailsTo('ana@example.net')).toHaveLength(1);
    expect(mailsTo('ben@example.net')).toHaveLength(1);
    expect(mailsTo('lucia@example.net')).toHaveLength(1);
    const mail = mailsTo('ana@example.net')[0]!;
    expect(mail.subject).toBe('Choose where to collect your Acme Outfitters parcel');
    const spanish = mailsTo('lucia@example.net')[0]!;
    expect(spanish.subject).toBe('Elige dónde recoger tu paquete de Acme Outfitters');
    expect(spanish.text).toContain('Hola, Lucía:');
    expect(spanish.text).toContain('Elige tu punto de recogida: http://lockerline.test/respond/');
    expect(spanish.text).toContain('<html lang="es">');
    expect(spanish.text).toContain('Your order is ready.'); // the merchant's own text, as written
    expect(spanish.text).toContain('Un mensaje de Acme Outfitters (en inglés):'); // said to be English (no Spanish text)
    expect(mail.text).not.toContain('(in English)');
    expect(mail.text).toContain('Your order is ready.');
    expect(mail.text).toContain('http://lockerline.test/respond/');
    tokens.ana1 = tokenIn(mail);
    expect(tokens.ana1.split('.')[0]!.length).toBeGreaterThanOrEqual(22); // 128 random bits
    const ana = await item(itemIds[0]!);
    expect(ana.status).toBe(50);
    expect(ana.response_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(ana.response_token_hash).not.toContain(tokens.ana1);
    // A second pass the same day sends nothing more.
    await day(0);
    expect(smtp.mails).toHaveLength(3);
  });

  it('reminds on day 7, not before', async () => {
    await day(6);
    expect(smtp.mails).toHaveLength(3);
    await day(7);
    expect(mailsTo('ana@example.net')).toHaveLength(2);
    expect(mailsTo('ben@example.net')).toHaveLength(2);
    expect(mailsTo('lucia@example.net').map((m) => m.subject)).toEqual([
      'Elige dónde recoger tu paquete de Acme Outfitters',
      'Recordatorio: elige dónde recoger tu paquete de Acme Outfitters',
    ]);
    tokens.lucia2 = tokenIn(mailsTo('lucia@example.net')[1]!);
    expect(mailsTo('ben@example.net')[1]!.text).toContain('Still waiting for your choice.');
    expect((await item(itemIds[1]!)).status).toBe(70);
  });

  it('the customer sees the choice page and answers; reminders stop for them', async () => {
    const customer = await guest(t.app);
    const page = await customer.get(`/api/public/respond/${tokens.ana1}`, { lat: 25.06, lng: -77.34 });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json().data;
    expect(data.first_name).toBe('Ana');
    expect(data.locale).toBe('en');
    expect(JSON.stringify(data)).not.toContain('Rolle');
    expect(data.merchant.name).toBe('Acme Outfitters');
    expect(data.choices.length).toBeGreaterThan(0);
    const distances = data.choices.map((c: { distance_km: number }) => c.distance_km);
    expect(distances).toEqual([...distances].sort((a: number, b: number) => a - b));

    // One search box: a town or a point's name (most Bahamian addresses have no postcode), any case or accents.
    const found = async (search: string) =>
      ((await customer.get(`/api/public/respond/${tokens.ana1}`, { search })).json().data.choices as { name: string; address: { locality: string } }[]);
    const freeport = await found('freeport');
    expect(freeport.length).toBeGreaterThan(0);
    expect(freeport.every((c) => c.address.locality === 'Freeport' || /freeport/i.test(c.name))).toBe(true);
    expect(freeport.length).toBeLessThan(data.choices.length);
    expect((await found('PHÁRMACY')).map((c) => c.name)).toEqual(['Bay Street Pharmacy']);
    expect(await found('no such place')).toEqual([]);

    // A location id of the wrong JSON type is refused in the customer's language and changes nothing:
    // `true` once chose the first location (Number(true) is 1).
    for (const location_id of [true, false, 'abc', '']) {
      const wrong = await customer.request({ method: 'POST', url: `/api/public/respond/${tokens.ana1}`, body: { location_id }, headers: { 'accept-language': 'es' } });
      expect(wrong.statusCode, `${JSON.stringify(location_id)}: ${wrong.body}`).toBe(422);
      expect(wrong.json().code).toBe('validation.failed');
      expect(wrong.json().errors.location_id).toMatch(location_id === '' ? /obligatorio/ : /numérico/);
    }
    expect((await item(itemIds[0]!)).status).not.toBe(90);
    const bad = await customer.post(`/api/public/respond/${tokens.ana1}`, { location_id: 999999 });
    expect(bad.json().code).toBe('public.location_not_allowed');
    const answer = await customer.post(`/api/public/respond/${tokens.ana1}`, { location_id: pudoId });
    expect(answer.statusCode, answer.body).toBe(200);
    const ana = await item(itemIds[0]!);
    expect(ana.status).toBe(90);
    expect(ana.pickup_location_id).toBe(pudoId);
    // A responded customer: now the batch offers "convert responded".
    const staff = await login(t.app, 'merchant.admin@example.com'); // sessions expire while the clock runs
    expect((await staff.get(`/api/batches/${batchId}`)).json().meta.actions).toContain('convert-responded');
    expect((await staff.get('/api/user/can/convert-responded/batch', { ids: [batchId] })).json().allOk).toBe(true);

    const replay = await customer.post(`/api/public/respond/${tokens.ana1}`, { location_id: pudoId });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe('public.token_used');
    // Opened again, the link says it was answered: 200 with its state, the customer's language and the
    // merchant's branding only (nothing personal, no choices), whatever the browser's language.
    const spanish = await customer.request({ method: 'GET', url: `/api/public/respond/${tokens.ana1}`, headers: { 'accept-language': 'es' } });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.json().data).toEqual({ state: 'used', kind: 'batch_item', locale: 'en', merchant: expect.objectContaining({ name: 'Acme Outfitters' }) });

    const forged = tokens.ana1.slice(0, -2) + (tokens.ana1.endsWith('AA') ? 'BB' : 'AA');
    // Forged, or well signed but never issued: the same bare 404, nothing about a merchant or language.
    const [unissued] = newTokens(SECRET, [new Date(START.getTime() + 30 * DAY)]);
    for (const unknown of [forged, unissued!.token]) {
      const res = await customer.get(`/api/public/respond/${unknown}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('public.token_invalid');
      expect(res.body).not.toMatch(/Acme|locale|merchant/);
    }

    // The Spanish customer's page opens in Spanish; she answers too.
    const luciaPage = await customer.get(`/api/public/respond/${tokens.lucia2}`);
    expect(luciaPage.json().data).toMatchObject({ state: 'open', first_name: 'Lucía', locale: 'es', pudo_only: true, pudo_only_reason: 'no_phone' });
    const luciaChoices = luciaPage.json().data.choices as { id: number; class: string }[];
    expect(luciaChoices.length).toBeGreaterThan(0);
    expect(new Set(luciaChoices.map((c) => c.class))).toEqual(new Set(['pudo']));
    const lockerId = (await t.db.selectFrom('locations').select('id').where('class', '=', 'locker').where('active', '=', 1).executeTakeFirstOrThrow()).id;
    expect((await customer.post(`/api/public/respond/${tokens.lucia2}`, { location_id: lockerId })).json().code).toBe('public.location_not_allowed');
    // Ana has a mobile: lockers are among her choices.
    expect(data.pudo_only_reason).toBeNull();
    expect(data.choices.some((c: { class: string }) => c.class === 'locker')).toBe(true);
    expect((await customer.post(`/api/public/respond/${tokens.lucia2}`, { location_id: pudoId })).statusCode).toBe(200);
    // Her earlier link is spent too, and still opens in Spanish.
    const luciaFirst = await customer.get(`/api/public/respond/${tokenIn(mailsTo('lucia@example.net')[0]!)}`);
    expect(luciaFirst.json().data).toMatchObject({ state: 'used', locale: 'es' });

    await day(14);
    expect(mailsTo('ana@example.net')).toHaveLength(2);
    expect(mailsTo('lucia@example.net')).toHaveLength(2);
    expect(mailsTo('ben@example.net')).toHaveLength(3);
    expect(mailsTo('ben@example.net')[2]!.text).toContain('Last call for your parcel.');
    tokens.ben3 = tokenIn(mailsTo('ben@example.net')[2]!);
  });

  it('pausing stops sends; resuming does not double-send and idles after the last reminder', async () => {
    admin = await login(t.app, 'merchant.admin@example.com'); // sessions expire while the clock runs
    expect((await admin.post(`/api/batches/${batchId}/pause`)).json().data.status).toBe(25);
    // Paused: Ben (Reminded) may be restarted but not notified, and notify says why, as the endpoint does.
    const benId = itemIds[1]!;
    const paused = await actionsOf(benId);
    expect(paused).toContain('restart');
    expect(paused).not.toContain('notify');
    expect(await canNotify([benId, itemIds[0]!])).toMatchObject({ can: [], reasons: { [benId]: 'batch_item.batch_not_running', [itemIds[0]!]: 'batch_item.already_responded' } });
    expect((await admin.post(`/api/batch_items/${benId}/notify`)).json().code).toBe('batch_item.batch_not_running');
    await day(30);
    expect((await item(itemIds[1]!)).status).toBe(70);
    admin = await login(t.app, 'merchant.admin@example.com');
    expect((await admin.post(`/api/batches/${batchId}/start`)).statusCode).toBe(200);
    expect(await actionsOf(itemIds[1]!)).toContain('notify');
    await day(30);
    await day(30);
    expect(mailsTo('ben@example.net')).toHaveLength(3);
    const ben = await item(itemIds[1]!);
    expect(ben.status).toBe(80);
    admin = await login(t.app, 'merchant.admin@example.com');
    const events = (await t.db.selectFrom('events').select('kind').where('subject_type', '=', 'batch_item').where('subject_id', '=', ben.id).execute()).map((e) => e.kind);
    expect(events).toEqual(expect.arrayContaining(['created', 'status', 'email_notified', 'reminded']));
    expect((await admin.post(`/api/batch_items/${ben.id}/notify`)).json().code).toBe('batch_item.not_notifiable');
    expect((await admin.post(`/api/batch_items/${ben.id}/convert`)).json().code).toBe('batch_item.not_responded');
  });

  it('an expired link gets a clear answer: its state and branding on GET, 410 on an answer', async () => {
    clock.set(new Date(START.getTime() + 120 * DAY));
    const customer = await guest(t.app);
    const res = await customer.get(`/api/public/respond/${tokens.ben3}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ state: 'expired', kind: 'batch_item', locale: 'en', merchant: expect.objectContaining({ name: 'Acme Outfitters' }) });
    for (const personal of ['Ben', 'Rolle', 'ben@example.net']) expect(res.body).not.toContain(personal);
    const answer = await customer.post(`/api/public/respond/${tokens.ben3}`, { location_id: pudoId });
    expect(answer.statusCode).toBe(410);
    expect(answer.json().code).toBe('public.token_expired');
  });

  it('converts the responded customer into a shipment, once', async () => {
    const anaId = itemIds[0]!;
    admin = await login(t.app, 'merchant.admin@example.com');
    const shows = await admin.get(`/api/batch_items/${anaId}`);
    expect(shows.json().meta.actions).toContain('convert');
    const res = await admin.post(`/api/batch_items/${anaId}/convert`);
    expect(res.statusCode, res.body).toBe(200);
    const ana = await item(anaId);
    expect(ana.status).toBe(100);
    const shipment = await t.db.selectFrom('shipments').selectAll().where('id', '=', ana.shipment_id!).executeTakeFirstOrThrow();
    expect(shipment).toMatchObject({ batch_id: batchId, first_name: 'Ana', last_name: 'Rolle', email: 'ana@example.net', locale: 'en', dropoff_location_id: pudoId, contents: 'Apparel', status: 0 });
    const sizes = (await t.db.selectFrom('packages').select('size').where('shipment_id', '=', shipment.id).execute()).map((p) => p.size).sort();
    expect(sizes).toEqual(['MEDIUM', 'SMALL']);
    expect((await admin.post(`/api/batch_items/${anaId}/convert`)).json().code).toBe('batch_item.already_converted');
    // The Spanish customer's shipment keeps her language.
    const luciaShipment = (await admin.post(`/api/batch_items/${luciaId}/convert`)).json().shipment_id;
    expect(await t.db.selectFrom('shipments').select(['first_name', 'locale']).where('id', '=', luciaShipment).executeTakeFirst()).toEqual({ first_name: 'Lucía', locale: 'es' });

    const bulk = await admin.post(`/api/batches/${batchId}/convert-responded`, { ids: itemIds });
    expect(bulk.json().data).toMatchObject({ allOk: false, converted: [], reasons: { [anaId]: 'batch_item.already_converted', [itemIds[1]!]: 'batch_item.not_responded' } });

    const track = await (await guest(t.app)).get(`/api/public/track/${shipment.reference_id}`);
    expect(track.statusCode, track.body).toBe(200);
    const body = track.body;
    expect(track.json().data).toMatchObject({ reference: shipment.reference_id, first_name: 'Ana', locale: 'en', destination: { name: expect.any(String) } });
    for (const personal of ['Rolle', 'ana@example.net', '2424410000']) expect(body).not.toContain(personal);
    // The Spanish customer's tracking page opens in Spanish.
    const luciaRef = (await t.db.selectFrom('shipments').select('reference_id').where('id', '=', luciaShipment).executeTakeFirstOrThrow()).reference_id;
    expect((await (await guest(t.app)).get(`/api/public/track/${luciaRef}`)).json().data.locale).toBe('es');
  });

  it('other merchants cannot act on the batch; the message log is superadmin only', async () => {
    const other = await login(t.app, 'other.admin@example.com');
    expect((await other.post(`/api/batches/${batchId}/pause`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await admin.get('/api/messages')).statusCode).toBe(403);
    const root = await login(t.app, 'superadmin@example.com');
    const log = await root.get('/api/messages', { perPage: 5 });
    expect(log.statusCode).toBe(200);
    expect(log.json().meta.total).toBeGreaterThan(0);
  });
});
