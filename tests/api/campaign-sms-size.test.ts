/**
 * The confirmation before starting a campaign or notifying says how many parts each SMS takes (networks bill per part):
 * GET /api/batches/:id/audience answers `sms`, the largest next SMS as the worker will render it. Checked against the
 * SMS the real path then sends (start, scheduler pass, delivery worker, message log): the same parts and encoding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runCampaignPass } from '../../api/campaigns/scheduler.js';
import { messageLogTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { CHANNELS } from '../../core/features.js';
import { smsSize } from '../../core/sms.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

const START = new Date('2031-03-01T09:00:00.000Z');
const SECRET = 'sms-size-test-secret';
// Long enough for several parts; the Spanish one has a character no GSM-7 look-alike replaces (the emoji).
const LONG_EN = 'Your order from the spring collection is packed and waiting for you. Please choose the pickup point that suits you best; lockers are open day and night.';
const LONG_ES = 'Tu pedido de la colección de primavera está listo 📦 Elige el punto de recogida que mejor te venga; las taquillas abren de día y de noche.';

describe('the SMS size in the campaign confirmation', () => {
  let t: TestApp;
  let admin: Client;
  const clock = fixedClock(START);
  const audience = async (batchId: number, query: Record<string, unknown>) => {
    const res = await admin.get(`/api/batches/${batchId}/audience`, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { customers: number; sms: { encoding: string; units: number; segments: number } | null };
  };
  const batch = async (channels: number) => {
    const created = await admin.post('/api/batches', {
      name: `SMS size ${channels}`, offset: 30, reminder_count: 1, reminder_interval: 7, channels, packages_small: 1, contents: 'Apparel',
      notification_message: LONG_EN, message_translations: { es: { notification_message: LONG_ES } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const items: number[] = [];
    for (const [first, locale, phone] of [['Ana', 'en', '2424410001'], ['Lucia', 'es', '2424410002'], ['Bo', 'en', null]] as const) {
      const res = await admin.post('/api/batch_items', { batch_id: id, first_name: first, last_name: 'Rolle', email: `${first.toLowerCase()}.${channels}@example.net`, ...(phone ? { phone, country: 'BS' } : {}), offset_date: '2031-03-20', locale });
      expect(res.statusCode, res.body).toBe(201);
      items.push(res.json().data.id);
    }
    return { id, items };
  };

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { secret: SECRET } });
    await t.db.updateTable('batches').set({ status: 25 }).execute(); // the demo's running batch stays quiet
    await t.db.updateTable('merchants').set({ channels: CHANNELS.email | CHANNELS.sms }).execute();
    admin = await login(t.app, 'merchant.admin@example.com');
  });
  afterAll(async () => t?.close());

  it('names the parts of the largest SMS, as the worker then sends it', async () => {
    const { id } = await batch(CHANNELS.email | CHANNELS.sms);
    const before = await audience(id, { verb: 'start' });
    expect(before.customers).toBe(3);
    expect(before.sms).not.toBeNull();
    expect(before.sms!.segments).toBeGreaterThan(2);

    expect((await admin.post(`/api/batches/${id}/start`)).statusCode).toBe(200);
    await runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
    await runDeliveryPass({ db: t.db, dialect: t.dialect, clock, publicUrl: 'http://lockerline.test', transports: { email: messageLogTransport(t.db), sms: messageLogTransport(t.db) } });
    const sent = (await t.db.selectFrom('message_log').select(['body', 'recipient']).where('kind', '=', 'sms').execute()).map((m) => ({ ...smsSize(m.body), to: m.recipient }));
    expect(sent).toHaveLength(2); // Bo has no phone
    const largest = sent.reduce((a, b) => (b.segments > a.segments ? b : a));
    expect(before.sms).toEqual({ encoding: largest.encoding, units: largest.units, segments: largest.segments });
    // The Spanish one is the larger: its emoji makes it Unicode (67 a part).
    expect(largest).toMatchObject({ encoding: 'ucs2', to: expect.stringContaining('2424410002') });
  });

  it('none when the batch sends no SMS, or only to customers without a phone', async () => {
    const emailOnly = await batch(CHANNELS.email);
    expect(await audience(emailOnly.id, { verb: 'start' })).toMatchObject({ customers: 3, sms: null });
    const both = await batch(CHANNELS.email | CHANNELS.sms);
    expect((await admin.post(`/api/batches/${both.id}/start`)).statusCode).toBe(200);
    expect(await audience(both.id, { verb: 'notify', ids: [both.items[2]] })).toMatchObject({ customers: 1, sms: null });
    // Just the English customer: GSM-7, fewer parts than with the Spanish one.
    const english = await audience(both.id, { verb: 'notify', ids: [both.items[0]] });
    expect(english.sms).toMatchObject({ encoding: 'gsm7' });
  });
});
