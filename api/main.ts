/**
 * `npm start`: opens the database (SQLite file, or PostgreSQL via DATABASE_URL), migrates, seeds the
 * demo data into an empty non-production database, serves the admin and the API, and prints the
 * address and the demo accounts. Stops gracefully on SIGINT / SIGTERM.
 *
 * WEB_CONCURRENCY=N (N > 1, SQLite or PostgreSQL) runs N HTTP workers sharing the port (node:cluster): the
 * primary migrates and seeds once, forks, and then runs the background jobs (scheduler, delivery worker,
 * campaigns) itself, so no request waits behind them. SQLite in WAL mode serves the workers' reads concurrently;
 * writes serialise on the file lock (busy_timeout); the primary also runs the WAL checkpoints so that no request
 * pays for one, and relays actor-cache invalidations between the workers (api/auth/actor-cache.ts). When the
 * primary dies the workers stop accepting, finish their in-flight requests and exit; run the server under a
 * supervisor that restarts it (docs/operations.md).
 *
 * Migrations and the demo seed run under a database lock (api/db/startup-lock.ts), so any number of processes
 * may start together on one empty database.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { loadConfig } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './server.js';
import { loadOrCreateAppSecret } from './auth/app-secret.js';
import { startScheduler } from './jobs/scheduler.js';
import { messageLogMailer } from './notifications/transports.js';
import { createSmtpMailer } from './providers/mail/smtp.js';
import type { Mailer } from './providers/mail/mailer.js';
import { systemClock } from './clock.js';
import { prepareDatabase } from '../fixtures/seed.js';
import { buildTransports } from './notifications/wiring.js';
import { startDeliveryWorker } from './notifications/worker.js';
import { DEFAULT_RETRY } from './notifications/outbox.js';
import { relayActorCacheClears } from './auth/actor-cache.js';
import { startCampaignScheduler } from './campaigns/scheduler.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../fixtures/demo.js';
import { workerGcFlags } from './worker-gc.js';

const ADMIN_DIR = 'admin/dist';

const WORKERS = Math.max(1, Math.floor(Number(process.env.WEB_CONCURRENCY) || 1));
/** Set in the environment of the one cluster worker that prints the start-up banner. */
const BANNER_ENV = 'LOCKERLINE_BANNER_WORKER';
/** Cluster on SQLite: how often the primary copies the write-ahead log into the database file. */
const CHECKPOINT_EVERY_MS = 500;

/** A positive number from the environment, or undefined. */
const positive = (value: string | undefined) => (Number(value) > 0 ? Number(value) : undefined);

/** Background work: package expiry and reminders (api/jobs), outbox delivery and campaign scheduling (docs/notifications.md). */
function startBackground(database: Db, config: ReturnType<typeof loadConfig>, secret: string, smtp: Mailer | undefined, log: (line: string) => void) {
  const jobs = { db: database.db, dialect: database.dialect, clock: systemClock, log };
  const transports = buildTransports({ db: database.db, appSecret: secret, smtp, smsUrl: process.env.SMS_URL || undefined, smsFrom: process.env.SMS_FROM || undefined });
  return [
    startScheduler(jobs),
    startDeliveryWorker({ ...jobs, transports, publicUrl: config.app.publicUrl, policy: { ...DEFAULT_RETRY, leaseMs: positive(process.env.OUTBOX_LEASE_MS) ?? DEFAULT_RETRY.leaseMs }, intervalMs: positive(process.env.OUTBOX_POLL_MS) }),
    startCampaignScheduler({ ...jobs, secret }),
  ];
}

/** Cluster primary: prepares the database once, forks the workers, replaces a crashed one, runs the background jobs, stops them all on a signal. */
async function primary(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, sqliteFile: config.sqliteFile });
  const { seeded } = await prepareDatabase(database, { production: config.app.production });
  const secret = await loadOrCreateAppSecret(database.db, config.app.secret); // created once here, read by every worker
  // SQLite: the workers leave WAL checkpoints to the primary, which serves no request (see openDatabase).
  const checkpoints = database.checkpoint ? setInterval(database.checkpoint, CHECKPOINT_EVERY_MS) : undefined;
  const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const background = startBackground(database, config, secret, smtp, (line) => console.warn(line));
  let stopping = false;
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...workerGcFlags(WORKERS)] });
  const fork = (banner: boolean) => {
    const worker = cluster.fork({ [BANNER_ENV]: banner ? '1' : '0', LOCKERLINE_SEEDED: seeded ? '1' : '0' });
    let listening = false;
    worker.once('listening', () => (listening = true));
    relayActorCacheClears(worker, () => Object.values(cluster.workers ?? {}));
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      if (!listening) {
        // It failed while starting (port taken, bad configuration): restarting would only loop.
        console.error(`worker ${worker.process.pid} failed to start (${signal ?? code})`);
        stop('worker failure', 1);
        return;
      }
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      fork(false);
    });
  };
  function stop(reason: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    clearInterval(checkpoints);
    console.log(`\n${reason}: stopping the workers...`);
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    const finish = async () => {
      await Promise.all(background.map((b) => b.stop()));
      smtp?.close();
      await database.close();
      process.exit(exitCode);
    };
    const done = () => Object.keys(cluster.workers ?? {}).length === 0 && void finish();
    cluster.on('exit', done);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    done();
  }
  for (let i = 0; i < WORKERS; i++) fork(i === 0);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const inCluster = cluster.isWorker;
  const database = await openDatabase({ url: config.databaseUrl, sqliteFile: config.sqliteFile, autoCheckpoint: !inCluster });
  const runsJobs = !inCluster; // a cluster's primary runs them
  const printsBanner = !inCluster || process.env[BANNER_ENV] === '1';
  // A cluster's primary has migrated and seeded already.
  const seeded = inCluster ? process.env.LOCKERLINE_SEEDED === '1' : (await prepareDatabase(database, { production: config.app.production })).seeded;

  const smtp = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  // Without SMTP, password links land in the superadmin message log with the notifications (docs/notifications.md).
  const mailer = smtp ?? messageLogMailer(database.db);
  if (!existsSync(`${ADMIN_DIR}/index.html`)) console.warn(`${ADMIN_DIR} not built: run \`npm run build\` to serve the admin.`);
  const secret = await loadOrCreateAppSecret(database.db, config.app.secret);
  const app = await buildApp({ db: database, mailer, config: { ...config.app, secret, adminDir: ADMIN_DIR } });
  await app.listen({ port: config.port, host: config.host });
  const background = runsJobs ? startBackground(database, config, secret, smtp, (line) => app.log.warn(line)) : [];

  stopOnSignals(app, database, background, () => smtp?.close());
  if (!printsBanner) return; // the other workers stay quiet
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.sqliteFile}`;
  console.log(`\nLockerline is running at http://localhost:${config.port}  (database: ${where})`);
  console.log(`API docs: http://localhost:${config.port}/api/docs`);
  if (seeded) console.log('Loaded the demo data into the empty database.');
  if (inCluster) console.log(`${WORKERS} workers (WEB_CONCURRENCY); the background jobs run in the primary, pid ${process.ppid}.`);
  if (!config.app.production) {
    console.log(`\nDemo accounts (password: ${DEMO_PASSWORD}):`);
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(width)}  ${a.role}`);
    console.log('');
  }
}

/** Graceful stop on SIGINT / SIGTERM: background jobs, then the server, then the database. */
function stopOnSignals(app: FastifyInstance, database: Db, background: { stop(): Promise<void> }[], closeMail: () => void): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`\n${signal}: shutting down...`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await Promise.all(background.map((b) => b.stop()));
      await app.close();
      closeMail();
      await database.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (cluster.worker) {
    // The primary died (a clean stop sends SIGTERM first). Node would end this worker at once, cutting its
    // in-flight requests: mark the disconnect as expected (this listener runs before Node's own), then stop
    // like on SIGTERM: no new connections, in-flight requests answered, exit. The supervisor restarts the server.
    const worker = cluster.worker;
    process.prependListener('disconnect', () => {
      worker.exitedAfterDisconnect = true;
      console.warn(`worker ${process.pid}: the cluster primary is gone; finishing in-flight requests, then exiting`);
      void stop('primary gone');
    });
  }
}

(cluster.isPrimary && WORKERS > 1 ? primary() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
