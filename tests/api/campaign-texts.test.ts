/**
 * The merchant's campaign texts per language (issue 10 item 13): a Spanish customer gets the merchant's
 * Spanish text; without one, the English text as written under a Spanish line that says so, in the
 * Spanish Lockerline frame; old single-language values read as English. Delivered to the memory mailer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../api/clock.js';
import { enqueue } from '../../api/notifications/outbox.js';
import { emailTransport, messageLogTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { translate } from '../../core/i18n/index.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

const SPRING_EN = 'Your spring order is ready.';
const SPRING_ES = 'Tu pedido de primavera está listo.';

describe('merchant campaign texts per language', () => {
  let t: TestApp;
  let admin: Client;
  let acme: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app, 'superadmin@example.com');
    acme = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    t.mailer.clear();
    await t.db.deleteFrom('outbox').execute();
  });

  const saveTexts = async (campaign_texts: unknown) => admin.put(`/api/merchants/${acme}`, { campaign_texts });

  /** Sends one campaign step to a customer and returns the e-mail the memory mailer received. */
  async function send(locale: 'en' | 'es', event = 'batch-notify', batchText?: string) {
    const recipient = `customer${++seq}@example.com`;
    await enqueue(t.db, {
      kind: 'email', event, merchant_id: acme, subject_type: 'batch_items', subject_id: seq, step: 'notify', recipient, locale,
      payload: { first_name: 'Lucía', respond_token: 'tok', ...(batchText ? { message: batchText } : {}) },
    }, new Date());
    const transports = { email: emailTransport(t.mailer), sms: messageLogTransport(t.db), whatsapp: messageLogTransport(t.db) };
    const result = await runDeliveryPass({ db: t.db, dialect: t.dialect, transports, clock: systemClock, workerId: 'w', publicUrl: 'http://lockerline.test' });
    expect(result.sent).toBe(1);
    return t.mailer.last(recipient)!;
  }

  it('stores a text per step and language, and a Spanish customer gets the Spanish text', async () => {
    const res = await saveTexts({ 'batch-notify': { en: SPRING_EN, es: SPRING_ES } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.campaign_texts).toEqual({ 'batch-notify': { en: SPRING_EN, es: SPRING_ES } });
    const es = await send('es');
    expect(es.subject).toBe(translate('es', 'notifications.events.batch-notify.subject', { brand: 'Acme Outfitters' }));
    expect(es.text).toContain(SPRING_ES);
    expect(es.text).not.toContain(SPRING_EN);
    expect(es.text).not.toContain('(en inglés)');
    const en = await send('en');
    expect(en.text).toContain(SPRING_EN);
    expect(en.text).not.toContain(SPRING_ES);
  });

  it('without a Spanish text: the English text as written, labelled, inside the Spanish frame', async () => {
    expect((await saveTexts({ 'batch-notify': { en: SPRING_EN, es: '' } })).statusCode).toBe(200);
    const es = await send('es');
    expect(es.subject).toBe(translate('es', 'notifications.events.batch-notify.subject', { brand: 'Acme Outfitters' }));
    expect(es.text).toContain('Hola, Lucía:');
    expect(es.text).toContain(`Un mensaje de Acme Outfitters (en inglés):\n${SPRING_EN}`);
    expect(es.text).toContain(translate('es', 'notifications.events.batch-notify.body', { brand: 'Acme Outfitters' }));
    expect(es.html).toContain('lang="es"');
    // The English customer gets it plainly.
    expect((await send('en')).text).not.toContain('(in English)');
  });

  it("a batch's own text counts as English: Spanish customers get the merchant's Spanish text instead", async () => {
    await saveTexts({ 'batch-notify': { es: SPRING_ES } });
    expect((await send('es', 'batch-notify', 'Batch text for June.')).text).toContain(SPRING_ES);
    const en = await send('en', 'batch-notify', 'Batch text for June.');
    expect(en.text).toContain('Batch text for June.');
    expect(en.text).not.toContain(SPRING_ES);
  });

  it('reads an old single-language value as English', async () => {
    await t.db.updateTable('merchants').set({ campaign_texts: JSON.stringify({ 'batch-remind': 'Still waiting for your choice.' }) }).where('id', '=', acme).execute();
    expect((await admin.get(`/api/merchants/${acme}`)).json().data.campaign_texts).toEqual({ 'batch-remind': { en: 'Still waiting for your choice.' } });
    expect((await send('en', 'batch-remind')).text).toContain('Still waiting for your choice.');
    expect((await send('es', 'batch-remind')).text).toContain('Un mensaje de Acme Outfitters (en inglés):\nStill waiting for your choice.');
  });

  it('refuses an unknown step or language with a coded 422 and writes nothing', async () => {
    await saveTexts({ 'batch-notify': { en: SPRING_EN } });
    const bad = await saveTexts({ 'batch-notify': { fr: 'Bonjour' }, 'package-available': { en: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'validation.failed' });
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['campaign_texts.batch-notify.fr']));
    expect((await admin.get(`/api/merchants/${acme}`)).json().data.campaign_texts).toEqual({ 'batch-notify': { en: SPRING_EN } });
  });
});
