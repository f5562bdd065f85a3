/**
 * `npm start`: opens the database (SQLite file, or PostgreSQL via DATABASE_URL), migrates, seeds the
 * demo data into an empty non-production database, serves the admin and the API, and prints the
 * address and the demo accounts. Stops gracefully on SIGINT / SIGTERM.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './server.js';
import { loadOrCreateAppSecret } from './auth/app-secret.js';
import { startScheduler } from './jobs/scheduler.js';
import { createLogMailer } from './providers/mail/log.js';
import { createSmtpMailer } from './providers/mail/smtp.js';
import { seedIfEmpty } from '../fixtures/seed.js';
import { buildTransports } from './notifications/wiring.js';
import { startDeliveryWorker } from './notifications/worker.js';
import { startCampaignScheduler } from './campaigns/scheduler.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures/demo.js';

const ADMIN_DIR = 'admin/dist';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(database);
  const seeded = await seedIfEmpty(database.db, { production: config.app.production });

  const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const mailer = smtp ?? createLogMailer();
  if (!existsSync(`${ADMIN_DIR}/index.html`)) console.warn(`${ADMIN_DIR} not built: run \`npm run build\` to serve the admin.`);
  const secret = await loadOrCreateAppSecret(database.db, config.app.secret);
  const app = await buildApp({ db: database, mailer, config: { ...config.app, secret, adminDir: ADMIN_DIR } });
  await app.listen({ port: config.port, host: config.host });
  startScheduler(app); // package expiry and reminders (api/jobs)
  // Notifications (docs/notifications.md): one outbox delivery worker and the campaign scheduler per process.
  const transports = buildTransports({ db: database.db, appSecret: app.config.secret!, smtp, smsUrl: process.env.SMS_URL || undefined, smsFrom: process.env.SMS_FROM || undefined });
  const log = (line: string) => app.log.warn(line);
  const delivery = startDeliveryWorker({ db: database.db, dialect: database.dialect, transports, clock: app.clock, publicUrl: app.config.publicUrl, log });
  const campaigns = startCampaignScheduler({ db: database.db, dialect: database.dialect, clock: app.clock, secret: app.config.secret!, log });

  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`;
  console.log(`\nLockerline is running at http://localhost:${config.port}  (database: ${where})`);
  console.log(`API docs: http://localhost:${config.port}/api/docs`);
  if (seeded) console.log('Loaded the demo data into the empty database.');
  if (!config.app.production) {
    console.log(`\nDemo accounts (password: ${DEMO_PASSWORD}):`);
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(width)}  ${a.role}`);
    console.log('');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await Promise.all([delivery.stop(), campaigns.stop()]);
      await app.close();
      smtp?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
