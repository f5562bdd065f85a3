/**
 * A campaign message says until when the customer can choose: the link's expiry, in the network's local time
 * (America/Nassau), in the customer's language, in the e-mail and in the SMS. Runs the real path: a batch started
 * through the API, the scheduler pass, the delivery worker (memory mailer, SMS in the message log).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runCampaignPass } from '../../api/campaigns/scheduler.js';
import { emailTransport, messageLogTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { CHANNELS } from '../../core/features.js';
import { createTestApp, login, type TestApp } from './helpers.js';

// 09:00 UTC on 1 March 2031; the link of a batch with 2 weekly reminders lasts the remaining plan plus a week:
// 28 days, to 09:00 UTC on 29 March, 05:00 in Nassau (daylight time from 9 March).
const START = new Date('2031-03-01T09:00:00.000Z');
const SECRET = 'deadline-test-secret';

describe('campaign messages state the deadline', () => {
  let t: TestApp;
  const clock = fixedClock(START);

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { secret: SECRET } });
    // The demo data's running batch would send too; this suite looks only at its own batch.
    await t.db.updateTable('batches').set({ status: 25 }).execute();
    const admin = await login(t.app, 'merchant.admin@example.com');
    const created = await admin.post('/api/batches', {
      name: 'Deadline pickups', offset: 30, reminder_count: 2, reminder_interval: 7, channels: CHANNELS.email | CHANNELS.sms,
      packages_small: 1, contents: 'Apparel',
    });
    expect(created.statusCode, created.body).toBe(201);
    const batchId = created.json().data.id;
    for (const [first, locale] of [['Ana', 'en'], ['Lucia', 'es']] as const) {
      const res = await admin.post('/api/batch_items', {
        batch_id: batchId, first_name: first, last_name: 'Rolle', email: `${first.toLowerCase()}@example.net`, phone: first === 'Ana' ? '2424410001' : '2424410002', country: 'BS', offset_date: '2031-03-20', locale,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await admin.post(`/api/batches/${batchId}/start`)).statusCode).toBe(200);
    await pass();
  });
  afterAll(async () => t?.close());
  const pass = async () => {
    await runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
    await runDeliveryPass({ db: t.db, dialect: t.dialect, clock, publicUrl: 'http://lockerline.test', transports: { email: emailTransport(t.mailer), sms: messageLogTransport(t.db) } });
  };

  const sms = async (phone: string) => (await t.db.selectFrom('message_log').select('body').where('kind', '=', 'sms').where('recipient', 'like', `%${phone}`).executeTakeFirstOrThrow()).body;

  it('the link expires when the messages say', async () => {
    const expiries = await t.db.selectFrom('response_tokens').select('expires_at').where('subject_type', '=', 'batch_items').execute();
    expect(expiries.map((r) => new Date(r.expires_at).toISOString())).toEqual(['2031-03-29T09:00:00.000Z', '2031-03-29T09:00:00.000Z']);
  });

  it('in English: the e-mail (text and HTML) and the SMS', async () => {
    const mail = t.mailer.last('ana@example.net')!;
    expect(mail.text).toContain('Please choose before Mar 29, 2031, 5:00 AM.');
    expect(mail.html).toContain('Please choose before Mar 29, 2031, 5:00 AM.');
    const text = await sms('2424410001');
    expect(text).toContain('Choose by Mar 29, 2031, 5:00 AM: http://lockerline.test/respond/');
  });

  it('in Spanish: the e-mail (text and HTML) and the SMS', async () => {
    const mail = t.mailer.last('lucia@example.net')!;
    expect(mail.text).toContain('Elige antes del 29 mar 2031, 5:00.');
    expect(mail.html).toContain('Elige antes del 29 mar 2031, 5:00.');
    const text = await sms('2424410002');
    expect(text).toContain('Elige antes del 29 mar 2031, 5:00: http://lockerline.test/respond/');
    expect(text).not.toMatch(/choose|before/i);
  });

  it("a shipment's request for a pickup location says so too (its link lasts 14 days)", async () => {
    const admin = await login(t.app, 'merchant.admin@example.com');
    const merchant = (await t.db.selectFrom('users').select('merchant_id').where('email', '=', 'merchant.admin@example.com').executeTakeFirstOrThrow()).merchant_id!;
    const draft = await t.db.selectFrom('shipments').select('id').where('merchant_id', '=', merchant).where('status', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('shipments').set({ email: 'rhea@example.net', locale: 'es' }).where('id', '=', draft.id).execute();
    const asked = await admin.post(`/api/shipments/${draft.id}/request-location`);
    expect(asked.statusCode, asked.body).toBe(200);
    await pass();
    // 09:00 UTC on 15 March 2031, 05:00 in Nassau.
    expect(t.mailer.last('rhea@example.net')!.text).toContain('Elige antes del 15 mar 2031, 5:00.');
  });
});
