/**
 * The notification outbox and its delivery worker against a real SMTP server on loopback
 * (smtp-server + nodemailer), on SQLite and (TEST_DB=postgres) PostgreSQL.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { createSmtpMailer } from '../../api/providers/mail/smtp.js';
import { createHttpTextProvider } from '../../api/providers/sms/http.js';
import { createMemoryTextProvider } from '../../api/providers/sms/memory.js';
import { TextProviderError } from '../../api/providers/sms/sms.js';
import { backoffDelay, claimDue, enqueue, idempotencyKey, markSent, messageIdFor, type NotificationRequest, type RetryPolicy } from '../../api/notifications/outbox.js';
import { emailTransport, messageLogTransport, textTransport, type Transport, type Transports } from '../../api/notifications/transports.js';
import { claimSize, runDeliveryPass, startDeliveryWorker, type DeliveryDeps } from '../../api/notifications/worker.js';
import { enqueueBatchStep } from '../../api/notifications/batch-steps.js';
import { renderMessage } from '../../api/notifications/render.js';
import { applyStep, BATCH_EVENTS, dueStep, type ScheduleBatch, type ScheduleItem } from '../../core/campaigns/index.js';
import { NOTIFICATION_EVENTS } from '../../core/constants.js';
import { DEFAULT_BRAND_COLOR } from '../../core/brand-color.js';
import { FEATURES } from '../../core/features.js';
import { BATCH_ITEM_STATUS, BATCH_STATUS } from '../../core/statuses.js';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from './helpers.js';
import { decodeQp, decodeWords } from './campaigns-support.js';

/** A received mail: headers (encoded words decoded) and the decoded text of every MIME part. */
interface Received {
  headers: Record<string, string>;
  text: string;
  raw: string;
}

function parseMail(raw: string): Received {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  // Decode each part by its transfer encoding (the test only needs to search the text).
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => {
    const [partHead, ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(partHead)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(partHead)) return decodeQp(body);
    return body;
  });
  return { headers, text: parts.join('\n'), raw };
}

/** A real SMTP server on a random loopback port; `reject` makes RCPT TO answer an error code. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { reject: 0 as number, rejectCount: Infinity };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.reject && state.rejectCount > 0) {
        state.rejectCount--;
        const error = Object.assign(new Error(state.reject >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: state.reject });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const START = new Date('2030-05-01T08:00:00.000Z');
const POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 3_600_000, leaseMs: 120_000 };

describe('notification outbox and delivery', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let mailer: ReturnType<typeof createSmtpMailer>;
  let clock: ReturnType<typeof fixedClock>;
  let sms: ReturnType<typeof createMemoryTextProvider>;
  let transports: Transports;
  let acme: number;
  let globex: number;
  let subjectSeq = 0;

  const deps = (over: Partial<DeliveryDeps> = {}): DeliveryDeps => ({
    db: t.db,
    dialect: t.dialect,
    transports,
    clock,
    workerId: 'w1',
    publicUrl: 'http://lockerline.test',
    policy: POLICY,
    random: () => 1,
    ...over,
  });
  const request = (over: Partial<NotificationRequest> = {}): NotificationRequest => ({
    kind: 'email',
    event: 'package-available',
    merchant_id: acme,
    subject_type: 'packages',
    subject_id: ++subjectSeq,
    step: 1,
    recipient: 'ana@example.com',
    locale: 'en',
    payload: { first_name: 'Ana', reference: 'LL12345678', location: 'Nassau Central Locker', expires_at: '2030-05-06T08:00:00.000Z' },
    ...over,
  });
  const row = (id: number) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    clock = fixedClock(START);
    t = await createTestApp({ clock });
    smtp = await startSmtp();
    mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    const ids = await t.db.selectFrom('merchants').select(['id', 'name']).execute();
    acme = ids.find((m) => m.name === 'Acme Outfitters')!.id;
    globex = ids.find((m) => m.name === 'Globex')!.id;
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await t?.close();
  });
  beforeEach(async () => {
    clock.set(START);
    smtp.received.length = 0;
    smtp.state.reject = 0;
    smtp.state.rejectCount = Infinity;
    sms = createMemoryTextProvider();
    transports = { email: emailTransport(mailer), sms: textTransport(sms, 'sms'), whatsapp: textTransport(sms, 'whatsapp') };
  });
  afterEach(async () => {
    // Leave nothing due for the next test.
    await t.db.deleteFrom('outbox').execute();
  });

  it('enqueues once per business step (same key -> no new row)', async () => {
    const r = request();
    const first = await enqueue(t.db, r, clock.now());
    const again = await t.db.transaction().execute((trx) => enqueue(trx, r, clock.now()));
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false, key: first.key });
    expect(first.key).toBe(idempotencyKey(r));
    const next = await enqueue(t.db, { ...r, step: 2 }, clock.now());
    expect(next.created).toBe(true);
    const sms = await enqueue(t.db, { ...r, kind: 'sms', recipient: '+12425551234' }, clock.now());
    expect(sms.created).toBe(true);
    expect(await t.db.selectFrom('outbox').select('id').where('subject_id', '=', r.subject_id).execute()).toHaveLength(3);
  });

  it('delivers an email over SMTP in the customer language with the merchant branding', async () => {
    const { id, key } = await enqueue(t.db, request({ locale: 'es', recipient: 'lucia@example.com', payload: { first_name: 'Lucía', reference: 'LL99887766', location: 'Punto Bay Street', expires_at: '2030-05-06T08:00:00.000Z' } }), clock.now());
    const result = await runDeliveryPass(deps());
    expect(result).toMatchObject({ claimed: 1, sent: 1, retried: 0, dead: 0, lost: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.headers.to).toContain('lucia@example.com');
    expect(mail.headers.from).toContain('Acme Outfitters');
    expect(mail.headers.from).toContain('parcels@acme-outfitters.example');
    expect(mail.headers.subject).toBe('Tu paquete LL99887766 está listo para recoger');
    expect(mail.headers['message-id']).toBe(messageIdFor(key));
    expect(mail.headers['idempotency-key']).toBe(key);
    expect(mail.headers['x-template-id']).toMatch(/^acme-\d+$/);
    expect(mail.text).toContain('Hola, Lucía:');
    expect(mail.text).toContain('taquilla Punto Bay Street');
    expect(mail.text).toContain('http://lockerline.test/track/LL99887766');
    expect(mail.text).toContain('https://acme-outfitters.example/contact');
    expect(mail.text).toContain('#ef6c00'); // the orange email theme in the HTML part
    expect(mail.text).toContain('<html lang="es">');
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: messageIdFor(key), locked_by: null, sent_at: START.toISOString() });
  });

  it('sends batch steps by SMS with the respond link, and payment links only with postpayments', async () => {
    await enqueue(t.db, request({ kind: 'sms', event: 'batch-notify', subject_type: 'batch_items', step: 'notify', recipient: '+12425551234', payload: { respond_token: 'tok123', message: 'Your spring order is ready.' } }), clock.now());
    await enqueue(t.db, request({ event: 'shipment-awaiting-payment', recipient: 'pay@example.com' }), clock.now());
    const result = await runDeliveryPass(deps());
    expect(result.sent).toBe(2);
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({ channel: 'sms', to: '+12425551234' });
    expect(sms.messages[0].text).toBe('Acme Outfitters: Your spring order is ready. Where do you want to collect your parcel? Pick a locker or PUDO point. http://lockerline.test/respond/tok123');
    expect(smtp.received[0].text).toContain('https://pay.acme-outfitters.example/lockerline');
  });

  it("honours the merchant's enabled events and channels (suppressed rows are dead with the reason)", async () => {
    const off = await enqueue(t.db, request({ merchant_id: globex, event: 'shipment-awaiting-payment' }), clock.now());
    const noSms = await enqueue(t.db, request({ merchant_id: globex, kind: 'sms', recipient: '+12425551234' }), clock.now());
    const result = await runDeliveryPass(deps());
    expect(result).toMatchObject({ claimed: 2, sent: 0, dead: 2 });
    expect((await row(off.id)).last_error).toBe('suppressed: event_disabled');
    expect((await row(noSms.id)).last_error).toBe('suppressed: channel_disabled');
    expect(smtp.received).toHaveLength(0);
    expect(sms.calls).toBe(0);
  });

  it('retries a failed send with exponential backoff and gives up (dead) after the last attempt', async () => {
    smtp.state.reject = 451;
    const { id } = await enqueue(t.db, request(), clock.now());

    expect(await runDeliveryPass(deps())).toMatchObject({ claimed: 1, retried: 1 });
    let stored = await row(id);
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, locked_by: null });
    expect(stored.last_error).toContain('Try again later');
    expect(Date.parse(stored.next_attempt_at) - START.getTime()).toBe(backoffDelay(1, POLICY, () => 1));

    // Not due before the backoff has passed.
    clock.advance(30_000);
    expect((await runDeliveryPass(deps())).claimed).toBe(0);
    clock.set(new Date(stored.next_attempt_at));
    expect(await runDeliveryPass(deps())).toMatchObject({ claimed: 1, retried: 1 });
    stored = await row(id);
    expect(Date.parse(stored.next_attempt_at) - clock.now().getTime()).toBe(120_000); // doubled

    clock.set(new Date(stored.next_attempt_at));
    expect(await runDeliveryPass(deps())).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: 3 });
    clock.advance(86_400_000);
    expect((await runDeliveryPass(deps())).claimed).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('recovers when the server accepts again, and marks permanent refusals dead at once', async () => {
    smtp.state.reject = 421;
    smtp.state.rejectCount = 1;
    const retried = await enqueue(t.db, request(), clock.now());
    await runDeliveryPass(deps());
    clock.advance(POLICY.baseDelayMs);
    expect(await runDeliveryPass(deps())).toMatchObject({ sent: 1 });
    expect(await row(retried.id)).toMatchObject({ status: 'sent', attempts: 2 });

    smtp.state.reject = 550;
    smtp.state.rejectCount = Infinity;
    const refused = await enqueue(t.db, request(), clock.now());
    expect(await runDeliveryPass(deps())).toMatchObject({ dead: 1 });
    expect(await row(refused.id)).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('a crash between send and record: the lease expires and the retry carries the same Message-ID', async () => {
    const { id, key } = await enqueue(t.db, request(), clock.now());
    // Worker A claims and sends, then "dies" before markSent.
    const [claimed] = await claimDue(t.db, t.dialect, 'crashed', clock.now(), 10, POLICY);
    await transports.email!.send({ kind: 'email', to: claimed.recipient, subject: 's', text: 't', idempotencyKey: claimed.idempotency_key });
    expect(smtp.received).toHaveLength(1);

    // Within the lease nobody else takes the row.
    clock.advance(POLICY.leaseMs - 1_000);
    expect((await runDeliveryPass(deps({ workerId: 'w2' }))).claimed).toBe(0);
    // After it, another worker does, with the same key.
    clock.advance(2_000);
    expect(await runDeliveryPass(deps({ workerId: 'w2' }))).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1].headers['message-id']).toBe(smtp.received[0].headers['message-id']);
    expect(smtp.received[1].headers['message-id']).toBe(messageIdFor(key));
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    // The crashed worker's late record is refused (fenced by the claim).
    expect(await markSent(t.db, claimed, 'crashed', clock.now())).toBe(false);
  });

  it('gives up a row whose workers keep crashing (lease expiries count as attempts)', async () => {
    const { id } = await enqueue(t.db, request(), clock.now());
    for (let i = 0; i < POLICY.maxAttempts; i++) {
      expect(await claimDue(t.db, t.dialect, `crash-${i}`, clock.now(), 10, POLICY)).toHaveLength(1);
      clock.advance(POLICY.leaseMs);
    }
    expect(await runDeliveryPass(deps())).toMatchObject({ claimed: 1, dead: 1 });
    expect(await row(id)).toMatchObject({ status: 'dead', attempts: POLICY.maxAttempts + 1, last_error: 'too many attempts' });
    expect(smtp.received).toHaveLength(0);
  });

  it('a crash between send and record never sends twice to an SMS provider that honours the key', async () => {
    const { id } = await enqueue(t.db, request({ kind: 'sms', recipient: '+12425551234' }), clock.now());
    const [claimed] = await claimDue(t.db, t.dialect, 'crashed', clock.now(), 10, POLICY);
    await transports.sms!.send({ kind: 'sms', to: claimed.recipient, text: 'hello', idempotencyKey: claimed.idempotency_key });
    clock.advance(POLICY.leaseMs + 1);
    expect(await runDeliveryPass(deps())).toMatchObject({ sent: 1 });
    expect(sms.calls).toBe(2);
    expect(sms.messages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', provider_message_id: sms.messages[0].id });
  });

  it('two workers never claim the same row, and concurrent passes send each message exactly once', async () => {
    for (let i = 0; i < 40; i++) await enqueue(t.db, request({ kind: 'sms', recipient: `+1242555${String(1000 + i)}` }), clock.now());
    const claims = await Promise.all(['a', 'b', 'c', 'd'].map((w) => claimDue(t.db, t.dialect, w, clock.now(), 15, POLICY)));
    const ids = claims.flat().map((r) => r.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    for (const [i, rows] of claims.entries()) for (const r of rows) expect(r.locked_by).toBe('abcd'[i]);

    // Release the claims (lease expiry) and let four workers race through them.
    clock.advance(POLICY.leaseMs + 1);
    const sent: string[] = [];
    const counting: Transports = { sms: { send: async (m) => (sent.push(m.idempotencyKey), { providerMessageId: 'x' }) } };
    const results = await Promise.all(['p', 'q', 'r', 's'].map((w) => runDeliveryPass(deps({ workerId: w, transports: counting, limit: 12 }))));
    // Four passes of 12 can take at most 40 rows; a second round takes what is left.
    await runDeliveryPass(deps({ transports: counting, limit: 40 }));
    expect(results.reduce((n, r) => n + r.lost, 0)).toBe(0);
    expect(sent).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    expect(await t.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).toHaveLength(0);
  });

  it('a running campaign sends the right e-mails on the right simulated days, and stops when the customer answers', async () => {
    const batch: ScheduleBatch & { notification_message: string | null; reminder_message: string | null; final_reminder_message: string | null } = {
      status: BATCH_STATUS.running, offset: 10, reminder_count: 2, reminder_interval: 7, custom_final_reminder: 1, channels: 1 | 2,
      notification_message: null, reminder_message: 'Still time!', final_reminder_message: 'Last chance!',
    };
    const people = [
      { id: 9001, first_name: 'Ana', email: 'ana@example.com', full_phone_number: '+12425550001', locale: 'en', answersOnDay: null as number | null },
      // Ben reads Spanish: each of his messages is enqueued (and rendered) in his language.
      { id: 9002, first_name: 'Ben', email: 'ben@example.com', full_phone_number: null, locale: 'es', answersOnDay: 8 },
    ];
    const items = new Map<number, ScheduleItem>(people.map((p) => [p.id, { status: BATCH_ITEM_STATUS.pending, offset_date: '2030-05-11', reminders_sent: 0, last_notified_at: null, email: p.email, full_phone_number: p.full_phone_number }]));
    const log: string[] = [];
    for (let day = 0; day <= 30; day++) {
      clock.set(new Date(START.getTime() + day * 86_400_000));
      for (const p of people) {
        const item = items.get(p.id)!;
        if (p.answersOnDay === day) item.status = BATCH_ITEM_STATUS.responded;
        const step = dueStep(item, batch, clock.now());
        // A retried scheduler transaction enqueues the same step again: no new rows.
        for (let attempt = 0; attempt < 2; attempt++) {
          await t.db.transaction().execute((trx) => enqueueBatchStep(trx, { ...p, merchant_id: acme, phone: null }, batch, step, clock.now(), { respondToken: `tok-${p.id}` }));
        }
        Object.assign(item, applyStep(item, batch, step, clock.now()));
      }
      const before = smtp.received.length;
      await runDeliveryPass(deps());
      // Sent concurrently within a pass: order each day's mails by recipient.
      log.push(...smtp.received.slice(before).map((mail) => `${day} ${mail.headers.to} ${mail.headers.subject}`).sort());
    }
    expect(log).toEqual([
      '0 ana@example.com Choose where to collect your Acme Outfitters parcel',
      '0 ben@example.com Elige dónde recoger tu paquete de Acme Outfitters',
      '7 ana@example.com Reminder: choose where to collect your Acme Outfitters parcel',
      '7 ben@example.com Recordatorio: elige dónde recoger tu paquete de Acme Outfitters',
      '14 ana@example.com Last reminder: choose where to collect your Acme Outfitters parcel',
    ]);
    expect(sms.messages.map((m) => m.text.includes('Last chance!') ? 'final' : m.text.includes('Still time!') ? 'remind' : 'notify')).toEqual(['notify', 'remind', 'final']);
    expect(smtp.received[4].text).toContain('http://lockerline.test/respond/tok-9001');
    expect(smtp.received[4].text).toContain('Last chance!');
    expect(items.get(9001)!.status).toBe(BATCH_ITEM_STATUS.idle);
    expect(items.get(9002)!.status).toBe(BATCH_ITEM_STATUS.responded);
  });

  it('renews the lease while a pass works, so a slow send keeps the rest of its claim', async () => {
    const policy = { ...POLICY, leaseMs: 300 }; // renewed every 100 ms
    for (let i = 0; i < 2; i++) await enqueue(t.db, request(), clock.now());
    let taken: unknown[] | undefined;
    const slow: Transport = {
      async send() {
        if (!taken) {
          clock.advance(200);
          await new Promise((r) => setTimeout(r, 250));
          // Past the first lease (300 ms after the claim), not past a renewed one.
          taken = await claimDue(t.db, t.dialect, 'other', new Date(clock.now().getTime() + 250), 10, policy);
        }
        return { providerMessageId: null };
      },
    };
    expect(await runDeliveryPass(deps({ policy, concurrency: 1, transports: { email: slow } }))).toMatchObject({ claimed: 2, sent: 2, lost: 0 });
    expect(taken).toEqual([]);
  });

  it('does not send a row whose claim another worker took over (each send is fenced by the claim token)', async () => {
    for (let i = 0; i < 2; i++) await enqueue(t.db, request(), clock.now());
    const sent: string[] = [];
    let taken: { id: number }[] = [];
    const stalling: Transport = {
      async send(message) {
        sent.push(message.idempotencyKey);
        // This worker stalls past its lease (say, a frozen process) and another one claims both rows.
        clock.advance(POLICY.leaseMs + 1);
        taken = await claimDue(t.db, t.dialect, 'other', clock.now(), 10, POLICY);
        return { providerMessageId: null };
      },
    };
    expect(await runDeliveryPass(deps({ concurrency: 1, transports: { email: stalling } }))).toMatchObject({ claimed: 2, sent: 0, lost: 2 });
    expect(taken).toHaveLength(2);
    expect(sent).toHaveLength(1); // the second row was not sent by the worker that lost it
    expect((await row(taken[1].id)).locked_by).toBe('other');
  });

  it('claims what its lanes can send within half a lease', () => {
    expect(claimSize(50, 4, 20_000, undefined)).toBe(4); // one round until a send was timed
    expect(claimSize(50, 4, 20_000, 20)).toBe(50);
    expect(claimSize(50, 4, 20_000, 2_500)).toBe(16);
    expect(claimSize(50, 4, 20_000, 12_000)).toBe(4); // slower than half a lease: one round, renewed
    expect(claimSize(2, 4, 20_000, 10)).toBe(2);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('skips rows another transaction holds locked (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 6; i++) await enqueue(t.db, request(), clock.now());
    const all = await t.db.selectFrom('outbox').select('id').orderBy('id').execute();
    const held = all.slice(0, 3).map((r) => r.id);
    await t.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM outbox WHERE id IN (${sql.join(held)}) FOR UPDATE`.execute(trx);
      const claimed = await claimDue(t.db, t.dialect, 'other', clock.now(), 10, POLICY);
      expect(claimed.map((r) => r.id)).toEqual(all.slice(3).map((r) => r.id));
    });
  });

  it('runs as a loop that delivers what is enqueued and stops cleanly', async () => {
    const worker = startDeliveryWorker({ ...deps(), intervalMs: 20 });
    try {
      await enqueue(t.db, request(), clock.now());
      await expect.poll(() => smtp.received.length).toBe(1);
      expect((await worker.runNow()).claimed).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('the development transport records each message once in the message log', async () => {
    const { id } = await enqueue(t.db, request(), clock.now());
    const log = messageLogTransport(t.db, () => clock.now());
    await runDeliveryPass(deps({ transports: { email: log } }));
    const [claimed] = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).execute();
    await log.send({ kind: 'email', to: claimed.recipient, text: 'again', idempotencyKey: claimed.idempotency_key });
    const logged = await t.db.selectFrom('message_log').selectAll().where('outbox_id', '=', id).execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: 'email', recipient: 'ana@example.com', subject: 'Your package LL12345678 is ready to collect' });
    expect(logged[0].body).toContain('Nassau Central Locker');
  });
});

describe('rendering in the customer language', () => {
  const merchant = { name: 'Acme Outfitters', features: 0, channels: 3, branding: '{}', payment_url: null, notification_events: '[]', email_templates: '{}' };
  const payload = { first_name: 'Lucía', reference: 'LL99887766', location: 'Punto Bay Street', expires_at: '2030-05-06T08:00:00.000Z', respond_token: 'tok' };
  const render = (event: string, locale: string, kind = 'email') => renderMessage({ kind, event, locale, payload }, merchant, { publicUrl: 'http://lockerline.test' });

  it('has a Spanish subject and body for every package event and batch step, e-mail and SMS', () => {
    for (const event of [...NOTIFICATION_EVENTS, ...BATCH_EVENTS]) {
      const [en, es] = [render(event, 'en'), render(event, 'es')];
      expect(es.subject, event).not.toBe(en.subject);
      expect(es.subject, event).not.toContain('notifications.');
      expect(es.text, event).toContain('Hola, Lucía:');
      expect(es.text, event).toContain('El equipo de Acme Outfitters');
      expect(es.html, event).toContain('<html lang="es">');
      const [smsEn, smsEs] = [render(event, 'en', 'sms'), render(event, 'es', 'sms')];
      expect(smsEs.text, event).not.toBe(smsEn.text);
      expect(smsEs.text, event).not.toContain('notifications.');
    }
  });

  it("shows the expiry on the location's clock, the network's when it names no (known) zone", () => {
    const at = (timezone?: string) => renderMessage({ kind: 'sms', event: 'package-reminder', locale: 'en', payload: { ...payload, expires_at: '2026-11-30T15:00:00.000Z', timezone } }, merchant, { publicUrl: 'http://lockerline.test' }).text;
    // 15:00 UTC is 10:00 in Nassau; a location without a zone read 3:00 PM, with no zone named.
    expect(at()).toMatch(/expires on Nov 30, 2026, 10:00\sAM/);
    expect(at('Nassau')).toMatch(/expires on Nov 30, 2026, 10:00\sAM/);
    expect(at('America/Nassau')).toMatch(/expires on Nov 30, 2026, 10:00\sAM/);
    expect(at('Europe/Madrid')).toMatch(/expires on Nov 30, 2026, 4:00\sPM/);
  });

  it('prints the header and the button in black or white, whichever reads on the brand colour', () => {
    const branded = (email_theme: string) =>
      renderMessage({ kind: 'email', event: 'batch-notify', locale: 'es', payload }, { ...merchant, features: FEATURES.branding, branding: JSON.stringify({ email_theme, contact_url: 'https://acme.example/contact' }) }, { publicUrl: 'http://lockerline.test' }).html!;
    const colours = (html: string) => ({
      header: /<td style="background:#[0-9a-f]{6};color:(#[0-9a-f]+);padding:16px/.exec(html)?.[1],
      button: /<a href="http:\/\/lockerline.test\/respond\/tok" style="background:#[0-9a-f]{6};color:(#[0-9a-f]+);/.exec(html)?.[1],
      link: /<a href="https:\/\/acme.example\/contact" style="color:(#[0-9a-f]+)"/.exec(html)?.[1],
    });
    // A light theme (yellow; the demo's orange, 3.4:1 with white) had white text, below WCAG AA; its own colour
    // as the contact link on the white card, too.
    expect(colours(branded('#ffeb3b'))).toEqual({ header: '#000', button: '#000', link: DEFAULT_BRAND_COLOR });
    expect(colours(branded('#ef6c00'))).toEqual({ header: '#000', button: '#000', link: DEFAULT_BRAND_COLOR });
    expect(colours(branded('#1565c0'))).toEqual({ header: '#fff', button: '#fff', link: '#1565c0' });
  });

  it('falls back to English for an unknown language', () => {
    expect(render('batch-notify', 'fr').subject).toBe(render('batch-notify', 'en').subject);
  });
});

describe('retry backoff', () => {
  it('doubles per attempt, caps, and jitters within the upper half', () => {
    const p = { baseDelayMs: 1_000, maxDelayMs: 10_000 };
    expect(backoffDelay(1, p, () => 1)).toBe(1_000);
    expect(backoffDelay(2, p, () => 1)).toBe(2_000);
    expect(backoffDelay(3, p, () => 0)).toBe(2_000);
    expect(backoffDelay(10, p, () => 1)).toBe(10_000);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(4, p);
      expect(d).toBeGreaterThanOrEqual(4_000);
      expect(d).toBeLessThanOrEqual(8_000);
    }
  });
});

describe('HTTP SMS provider', () => {
  let server: Server;
  let base: string;
  const seen: { headers: IncomingMessage['headers']; body: unknown; url?: string }[] = [];
  let answer = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: JSON.parse(data), url: req.url });
        res.writeHead(answer, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer === 200 ? { id: 'prov-1' } : { error: 'no' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://acct:s3cret@127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs JSON with the Idempotency-Key header and the URL credentials', async () => {
    answer = 200;
    const provider = createHttpTextProvider(base);
    expect(await provider.send({ channel: 'whatsapp', to: '+12425551234', text: 'Hi', idempotencyKey: 'k-1' })).toEqual({ id: 'prov-1' });
    const last = seen[seen.length - 1];
    expect(last.url).toBe('/v1/messages');
    expect(last.headers['idempotency-key']).toBe('k-1');
    expect(last.headers.authorization).toBe('Basic ' + Buffer.from('acct:s3cret').toString('base64'));
    expect(last.body).toEqual({ channel: 'whatsapp', to: '+12425551234', text: 'Hi' });
  });

  it('tells permanent refusals (4xx) from retryable failures (5xx, 429, unreachable)', async () => {
    const provider = createHttpTextProvider(base);
    const outcome = async () => provider.send({ channel: 'sms', to: '+1', text: 'x', idempotencyKey: 'k' }).catch((e: TextProviderError) => e);
    answer = 400;
    expect(await outcome()).toMatchObject({ permanent: true, status: 400 });
    answer = 429;
    expect(await outcome()).toMatchObject({ permanent: false, status: 429 });
    answer = 503;
    expect(await outcome()).toMatchObject({ permanent: false, status: 503 });
    const down = await createHttpTextProvider('http://u:secret@127.0.0.1:1/').send({ channel: 'sms', to: '+1', text: 'x', idempotencyKey: 'k' }).catch((e: Error) => e);
    expect(down).toMatchObject({ permanent: false });
    expect((down as Error).message).not.toContain('secret');
  });
});
