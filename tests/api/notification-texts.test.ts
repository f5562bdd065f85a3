/**
 * Customer messages built from real records (docs/notifications.md "Rendering"): what a customer reads once the
 * data of an operation reaches the renderer. SQLite and (project api-pg) PostgreSQL.
 */
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runPackagePass } from '../../api/jobs/package-expiry.job.js';
import { renderMessage, type MerchantForMessages } from '../../api/notifications/render.js';
import { emailTransport } from '../../api/notifications/transports.js';
import { createSmtpMailer } from '../../api/providers/mail/smtp.js';
import { FEATURES } from '../../core/features.js';
import { zoneOf } from '../../core/local-time.js';
import { gsm7Text } from '../../core/sms.js';
import { decodeWords, startSmtpCapture } from './campaigns-support.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { createShipment, locationIds } from './operations-support.js';

const clock = fixedClock(new Date('2030-03-01T12:00:00.000Z'));
let t: TestApp;
let ma: Client; // Acme merchant admin

beforeAll(async () => {
  t = await createTestApp({ clock });
  ma = await login(t.app, 'merchant.admin@example.com');
});
afterAll(async () => {
  await t?.close();
});

/** The rendered messages of a shipment's outbox rows for one event, by kind. */
async function rendered(shipmentId: number, event: string) {
  const rows = await t.db.selectFrom('outbox').selectAll().where('subject_type', '=', 'shipments').where('subject_id', '=', shipmentId).where('event', '=', event).execute();
  const merchant = await t.db.selectFrom('merchants').selectAll().where('id', '=', rows[0]!.merchant_id!).executeTakeFirstOrThrow();
  return Object.fromEntries(rows.map((r) => [r.kind, renderMessage({ kind: r.kind, event: r.event, locale: r.locale, payload: JSON.parse(r.payload) }, merchant, { publicUrl: 'http://lockerline.test' })]));
}

describe('package messages name the place', () => {
  it('"on its way" after a private delivery of the whole shipment names its drop-off location', async () => {
    const { pudo } = await locationIds(t.db, { pudo: 'PD-NAS-01' });
    const place = (await t.db.selectFrom('locations').select('name').where('id', '=', pudo).executeTakeFirstOrThrow()).name;
    const s = await createShipment(ma, pudo);
    expect((await ma.post(`/api/shipments/${s.id}/print`)).statusCode).toBe(200);
    expect((await ma.post(`/api/shipments/${s.id}/private-delivery`)).statusCode).toBe(200);
    const { email, sms } = await rendered(s.id, 'package-in-transit');
    expect(email!.text).toContain(`is on its way to ${place}.`);
    expect(sms!.text).toContain(`is on its way to ${gsm7Text(place)}.`);
  });

  it('the expiry reminder gives the real expiry, not "in 24h", when the location reminds earlier or the pass runs late', async () => {
    const { pudo } = await locationIds(t.db, { pudo: 'PD-NAS-01' });
    await t.db.updateTable('locations').set({ storage_reminder_hours: 72 }).where('id', '=', pudo).execute();
    const [driver, clerk] = await Promise.all(['driver@example.com', 'pudo@example.com'].map((e) => login(t.app, e)));
    const s = await createShipment(ma, pudo, ['SMALL']);
    await ma.post(`/api/shipments/${s.id}/print`);
    await ma.post(`/api/shipments/${s.id}/request-pickup`);
    const p = s.packages[0]!.id;
    expect((await driver.post(`/api/packages/${p}/pickup`)).statusCode).toBe(200);
    const place = await t.db.selectFrom('locations').select(['name', 'timezone']).where('id', '=', pudo).executeTakeFirstOrThrow();
    const checkIn = await clerk.post(`/api/packages/${p}/check-in`, { location_id: pudo });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const expires = new Date(checkIn.json().data.expires_at as string);
    clock.set(new Date(expires.getTime() - 71 * 3_600_000));
    expect((await runPackagePass(t.db, t.dialect, clock.now())).reminded).toBeGreaterThanOrEqual(1);
    const { email, sms } = await rendered(s.id, 'package-reminder');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: zoneOf(place.timezone) }).format(expires);
    for (const text of [email!.subject, email!.text, sms!.text]) expect(text).not.toMatch(/24 ?h/);
    expect(email!.text).toContain(`expires on ${when}`);
    expect(sms!.text).toContain(`expires on ${gsm7Text(when)}`); // the SMS spells the no-break space before AM/PM as a space
  });
});

/** Sends one rendered e-mail through nodemailer to a real SMTP server on loopback; answers the header block it received. */
async function sendOverSmtp(message: { from?: string; subject: string; text: string; html?: string }): Promise<string> {
  const smtp = await startSmtpCapture();
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
  try {
    await emailTransport(mailer).send({ kind: 'email', to: 'ana@example.com', ...message, idempotencyKey: 'test:1' });
  } finally {
    mailer.close();
    await smtp.close();
  }
  return smtp.mails[0]!.head;
}

/** The display name and address of the From header as a mail client reads them. */
function fromOf(head: string) {
  const [mailbox] = addressparser(/^From: (.*)$/m.exec(head)![1]!) as { name: string; address: string }[];
  return { name: decodeWords(mailbox!.name), address: mailbox!.address };
}

describe('the sender a customer sees', () => {
  const merchant = (brandName: string): MerchantForMessages => ({
    name: 'Acme',
    features: FEATURES.branding,
    channels: 0,
    branding: JSON.stringify({ brand_name: brandName, from_address: 'parcels@acme.example' }),
    payment_url: null,
    notification_events: '[]',
    email_templates: '{}',
  });
  const payload = { first_name: 'Łukasz', reference: 'LL12345678', location: 'Bay Street' };

  it.each([
    ['Tienda "El Sol"', 'Tienda "El Sol"'],
    ['Muñoz \\ Hijos "Rápido"', 'Muñoz \\ Hijos "Rápido"'],
    ['Łukasz\r\nBcc: x@evil.test', 'Łukasz Bcc: x@evil.test'],
  ])('From shows the brand name %j as written, on one line', async (brandName, shown) => {
    const mail = renderMessage({ kind: 'email', event: 'package-available', locale: 'es', payload }, merchant(brandName), { publicUrl: 'http://lockerline.test' });
    const head = await sendOverSmtp({ from: mail.from, subject: mail.subject, text: mail.text, html: mail.html });
    expect(fromOf(head)).toEqual({ name: shown, address: 'parcels@acme.example' });
    expect(mail.text).toContain(`El equipo de ${shown}\n`);
    expect(head).not.toMatch(/^Bcc:/im);
  });
});
