/**
 * Campaign figures (issue 5): `campaign-schedule-100k`, the scheduler over one running batch of 100,000 items
 * of which a quarter are due (passes of 500, looped like the scheduler loop until a pass comes back short;
 * bar < 2 s), and `delivery-smtp`, the delivery worker (production defaults: 50 rows per pass, 4 in flight)
 * sending 2,000 campaign e-mails from the outbox to an SMTP server on loopback. Run alone with
 * `npx tsx tests/bench/campaigns-bench.ts`, or from `npm run bench`. BENCH_ONLY picks scenarios by name
 * (`campaigns` runs both; a list naming neither skips this bench); BENCH_CAMPAIGN_ITEMS and
 * BENCH_DELIVERY_MESSAGES change the sizes.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { runCampaignPass, type CampaignPassResult } from '../../api/campaigns/scheduler.js';
import { fixedClock } from '../../api/clock.js';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { emailTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { createSmtpMailer } from '../../api/providers/mail/smtp.js';
import { CHANNELS } from '../../core/features.js';
import { BATCH_ITEM_STATUS as ITEM, BATCH_STATUS } from '../../core/statuses.js';
import { seedDemo } from '../../fixtures/demo.js';

const ITEMS = Number(process.env.BENCH_CAMPAIGN_ITEMS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_DELIVERY_MESSAGES ?? 2_000);
const SECRET = 'campaign-bench-secret';
const DAY = 86_400_000;
const NOW = new Date();
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const selected = (name: string) => !only.length || only.includes(name) || only.includes('campaigns');
const report = (fields: Record<string, unknown>) => console.log(`BENCH ${JSON.stringify(fields)}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One item's schedule state: `k` spreads the population over realistic shares (see seedBatch). */
function itemState(k: number, allDue: boolean) {
  const bucket = allDue ? 0 : k % 20;
  // 10 %: just started, the initial notification is due at once (expiry closer than the offset).
  if (bucket < 2) return { status: ITEM.pending, offset_date: at(10 * DAY).slice(0, 10), reminders_sent: 0, last_notified_at: null, next_notification_at: null };
  // 15 %: notified or reminded 8 days ago, the next reminder (or idle) is due.
  if (bucket < 5) {
    const reminded = bucket === 4;
    return { status: reminded ? ITEM.reminded : ITEM.notified, offset_date: at(20 * DAY).slice(0, 10), reminders_sent: reminded ? 1 : 0, last_notified_at: at(-8 * DAY), next_notification_at: at(-DAY) };
  }
  // 40 %: notified or reminded 2 days ago, next reminder in 5 days.
  if (bucket < 13) {
    const reminded = bucket % 2 === 0;
    return { status: reminded ? ITEM.reminded : ITEM.notified, offset_date: at(20 * DAY).slice(0, 10), reminders_sent: reminded ? 1 : 0, last_notified_at: at(-2 * DAY), next_notification_at: at(5 * DAY) };
  }
  // 10 %: expiry far ahead, initial notification in 30 days.
  if (bucket < 15) return { status: ITEM.pending, offset_date: at(60 * DAY).slice(0, 10), reminders_sent: 0, last_notified_at: null, next_notification_at: at(30 * DAY) };
  // 25 %: answered, converted, idle or failed: nothing planned.
  const status = [ITEM.responded, ITEM.responded, ITEM.shipment_created, ITEM.idle, ITEM.failed][bucket - 15]!;
  return { status, offset_date: at(20 * DAY).slice(0, 10), reminders_sent: 0, last_notified_at: at(-3 * DAY), next_notification_at: null };
}

/**
 * A fresh SQLite file (real migrations, demo data with its own batches paused) plus one running batch of
 * `items` items inserted straight through better-sqlite3 in one transaction. Returns the file path.
 */
async function seedBatch(dir: string, items: number, channels: number, allDue: boolean): Promise<string> {
  const file = join(dir, `campaigns-${items}.sqlite`);
  const database = await openDatabase({ sqliteFile: file });
  try {
    await migrateToLatest(database);
    await seedDemo(database.db);
    await database.db.updateTable('batches').set({ status: BATCH_STATUS.paused }).execute();
  } finally {
    await database.close();
  }
  const sqlite = new Database(file);
  try {
    const { id: merchantId } = sqlite.prepare("select id from merchants where name = 'Acme Outfitters'").get() as { id: number };
    sqlite.transaction(() => {
      const batchId = Number(
        sqlite
          .prepare(
            `insert into batches (merchant_id, name, status, type, item_count, packages_small, contents, notification_message, reminder_message,
               final_reminder_message, "offset", reminder_count, reminder_interval, channels, custom_final_reminder, created_at, updated_at)
             values (?, 'Bench batch', ?, 'standard', ?, 1, 'Apparel', 'Your order is ready.', 'Still waiting for your choice.', 'Last call.', 30, 3, 7, ?, 1, ?, ?)`,
          )
          .run(merchantId, BATCH_STATUS.running, items, channels, at(-10 * DAY), at(-DAY)).lastInsertRowid,
      );
      const insert = sqlite.prepare(
        `insert into batch_items (batch_id, merchant_id, first_name, last_name, status, offset_date, email, phone, full_phone_number, country,
           reminders_sent, last_notified_at, next_notification_at, created_at, updated_at)
         values (?, ?, ?, 'Rolle', ?, ?, ?, ?, ?, 'BS', ?, ?, ?, ?, ?)`,
      );
      for (let k = 0; k < items; k++) {
        const s = itemState(k, allDue);
        const phone = `242${String(4_000_000 + (k % 6_000_000)).padStart(7, '0')}`;
        insert.run(batchId, merchantId, `Customer${k % 997}`, s.status, s.offset_date, `customer${k}@example.net`, phone, `+1${phone}`, s.reminders_sent, s.last_notified_at, s.next_notification_at, at(-10 * DAY), at(-DAY));
      }
    })();
  } finally {
    sqlite.close();
  }
  return file;
}

/** Scheduler passes until one comes back short (what startCampaignScheduler does); sums the results. */
async function scheduleAll(file: string, limit?: number) {
  const database = await openDatabase({ sqliteFile: file });
  const total: CampaignPassResult & { passes: number } = { passes: 0, due: 0, stepped: 0, skipped: 0, bad: 0, completed: 0, locationRequests: 0, webhooks: 0 };
  try {
    const deps = { db: database.db, dialect: database.dialect, clock: fixedClock(NOW), secret: SECRET, limit };
    const started = performance.now();
    for (;;) {
      const result = await runCampaignPass(deps);
      total.passes++;
      for (const key of Object.keys(result) as (keyof CampaignPassResult)[]) total[key] += result[key];
      if (result.due < (limit ?? 2000)) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const outbox = await database.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { ...total, seconds, outbox: Number(outbox.n) };
  } finally {
    await database.close();
  }
}

async function benchSchedule(dir: string): Promise<void> {
  const file = await seedBatch(dir, ITEMS, CHANNELS.email | CHANNELS.sms, false);
  const r = await scheduleAll(file);
  const k = ITEMS >= 1000 ? `${Math.round(ITEMS / 1000)}k` : String(ITEMS);
  report({ name: `campaign-schedule-${k}`, seconds: round(r.seconds, 2), items: ITEMS, due: r.due, stepped: r.stepped, items_per_s: round(r.due / r.seconds, 0), passes: r.passes, outbox_rows: r.outbox, skipped: r.skipped });
}

/**
 * A loopback SMTP server that accepts and counts messages. No reverse DNS lookup of the client (smtp-server
 * does one per connection by default, which would measure the resolver, not the worker).
 */
async function startCountingSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.server.address() as AddressInfo).port,
    received: () => received,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function benchDelivery(dir: string): Promise<void> {
  // E-mail only, every item due: one scheduling pass leaves MESSAGES pending e-mails in the outbox.
  const file = await seedBatch(dir, MESSAGES, CHANNELS.email, true);
  await scheduleAll(file, MESSAGES);
  const smtp = await startCountingSmtp();
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
  const database = await openDatabase({ sqliteFile: file });
  try {
    const deps = { db: database.db, dialect: database.dialect, clock: fixedClock(NOW), publicUrl: 'http://lockerline.test', transports: { email: emailTransport(mailer) } };
    const totals = { claimed: 0, sent: 0, retried: 0, dead: 0, lost: 0 };
    const started = performance.now();
    for (;;) {
      const result = await runDeliveryPass(deps);
      if (result.claimed === 0) break;
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result[key];
    }
    const seconds = (performance.now() - started) / 1000;
    report({ name: 'delivery-smtp', seconds: round(seconds, 2), messages: totals.sent, messages_per_s: round(totals.sent / seconds, 0), received: smtp.received(), failed: totals.retried + totals.dead + totals.lost });
  } finally {
    mailer.close();
    await smtp.close();
    await database.close();
  }
}

export async function runCampaignsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lockerline-campaigns-bench-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const interrupted = () => {
    cleanup();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (selected(`campaign-schedule-${ITEMS >= 1000 ? `${Math.round(ITEMS / 1000)}k` : ITEMS}`)) await benchSchedule(dir);
    if (selected('delivery-smtp')) await benchDelivery(dir);
  } finally {
    cleanup();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'campaigns-bench.ts')) {
  runCampaignsBench().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
