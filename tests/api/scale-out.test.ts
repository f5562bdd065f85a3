/**
 * Scale-out under stress (issue 12), with real server processes (`tsx api/main.ts`) on one database:
 * - PostgreSQL: two processes deliver one burst through a deliberately slow SMTP server on loopback (each
 *   message takes longer than half the outbox lease): every message is sent once; then one process is killed
 *   with SIGKILL mid-burst and the other picks its claims up within seconds (at-least-once: a message that
 *   was in flight may be sent again, with the same Message-ID). The figures are printed for the record.
 * - Both dialects: three processes started at once on an empty database all serve, and the demo data is
 *   loaded once (migrations and seed under the start-up lock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../api/db/database.js';
import { enqueue, messageIdFor, type NotificationRequest } from '../../api/notifications/outbox.js';
import { prepareDatabase } from '../../fixtures/seed.js';
import { spawnServer, stopProcess, waitUntilUp, type ServerProcess } from '../spawn-server.js';
import { openTestDatabase } from './helpers.js';
import { startSmtpCapture } from './campaigns-support.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Per message; longer than half the lease, so a pass of the old kind (50 rows, no renewal) lost its tail. */
const SMTP_DELAY_MS = 2_500;
const LEASE_MS = 3_000;
const SECRET = 'scale-out-test-secret-0123456789abcdef';

type SlowSmtp = Awaited<ReturnType<typeof startSmtpCapture>>;

/** Idempotency-Key and Message-ID of every message the SMTP server received the data of. */
const received = (smtp: SlowSmtp) =>
  smtp.mails.map((m) => {
    const header = (name: string) => new RegExp(`^${name}:\\s*(\\S+)`, 'im').exec(m.text)?.[1] ?? '';
    return { key: header('Idempotency-Key'), messageId: header('Message-ID') };
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Sends, distinct keys, duplicates of the SMTP server's log. */
function figures(smtp: SlowSmtp) {
  const distinct = new Set(received(smtp).map((r) => r.key)).size;
  return { sends: smtp.mails.length, distinct, duplicates: smtp.mails.length - distinct };
}

describe.runIf(onPostgres)('two API processes, one PostgreSQL database, a slow SMTP server', () => {
  let database: Db & { url?: string };
  let smtp: SlowSmtp;
  const servers: ServerProcess[] = [];
  let subject = 0;

  const burst = async (count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const request: NotificationRequest = {
        kind: 'email',
        event: 'package-available',
        merchant_id: null,
        subject_type: 'packages',
        subject_id: ++subject,
        step: 1,
        recipient: `customer${subject}@example.com`,
        payload: { first_name: 'Ana', reference: `LL${10_000_000 + subject}` },
      };
      keys.push((await enqueue(database.db, request, new Date())).key);
    }
    return keys;
  };
  const unsent = async () => (await database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute()).length;

  beforeAll(async () => {
    database = await openTestDatabase();
    await prepareDatabase(database, { seed: false });
    smtp = await startSmtpCapture({ delayMs: SMTP_DELAY_MS });
    const env = {
      DATABASE_URL: database.url!,
      NODE_ENV: 'production',
      APP_SECRET: SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      OUTBOX_LEASE_MS: String(LEASE_MS),
      OUTBOX_POLL_MS: '300',
    };
    for (let i = 0; i < 2; i++) servers.push(await spawnServer(env));
    await Promise.all(servers.map((s) => waitUntilUp(s.url, s.child, s.output, 60_000)));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    await smtp?.close();
    await database?.close();
  });

  it('sends every message of a burst exactly once, however slow the provider', async () => {
    const keys = await burst(16);
    await waitFor('the burst to be sent', async () => (await unsent()) === 0, 45_000);
    const result = figures(smtp);
    console.log(
      `[scale-out] 2 processes, SMTP ${SMTP_DELAY_MS / 1000} s/message, lease ${LEASE_MS / 1000} s: ` +
        `${keys.length} messages, ${result.sends} sent, ${result.distinct} distinct keys, ${result.duplicates} duplicates`,
    );
    expect(result).toEqual({ sends: keys.length, distinct: keys.length, duplicates: 0 });
    expect(new Set(received(smtp).map((r) => r.key))).toEqual(new Set(keys));
    // The key reaches the provider as the Message-ID too, so a receiver can drop a replay.
    for (const r of received(smtp)) expect(r.messageId).toBe(messageIdFor(r.key));
  }, 60_000);

  it('after kill -9 mid-burst the other process picks the dead one\'s claims up within seconds', async () => {
    smtp.mails.length = 0;
    const keys = await burst(8);
    // Wait until a process holds claims (locked_by names the worker's pid) and messages are in flight.
    let victim: ServerProcess | undefined;
    await waitFor('a claim', async () => {
      const claimed = await database.db.selectFrom('outbox').select('locked_by').where('status', '=', 'sending').execute();
      const pids = new Set(claimed.map((r) => Number(/^worker-(\d+)-/.exec(r.locked_by ?? '')?.[1])));
      victim = servers.find((s) => pids.has(s.child.pid!));
      return victim !== undefined && smtp.mails.length > 0;
    }, 20_000);
    const killedAt = Date.now();
    victim!.child.kill('SIGKILL');
    await waitFor('the rest of the burst', async () => (await unsent()) === 0, 30_000);
    const seconds = (Date.now() - killedAt) / 1000;
    const result = figures(smtp);
    console.log(
      `[scale-out] kill -9 mid-burst: ${keys.length} messages, ${result.sends} sent, ${result.distinct} distinct keys, ` +
        `${result.duplicates} re-sent after the kill (same Message-ID), all sent ${seconds.toFixed(1)} s after the kill`,
    );
    expect(new Set(received(smtp).map((r) => r.key))).toEqual(new Set(keys)); // nothing lost
    expect(result.duplicates).toBeLessThanOrEqual(4); // at most the dead process's messages in flight
    for (const r of received(smtp)) expect(r.messageId).toBe(messageIdFor(r.key));
    expect(seconds).toBeLessThan(20); // a lease of 3 s, not minutes
  }, 60_000);
});

describe('three processes started at once on an empty database', () => {
  let database: (Db & { url?: string }) | undefined;
  let dir: string | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    let env: Record<string, string>;
    if (onPostgres) {
      database = await openTestDatabase();
      env = { DATABASE_URL: database.url! };
    } else {
      dir = mkdtempSync(join(tmpdir(), 'lockerline-start-'));
      env = { SQLITE_FILE: join(dir, 'start.sqlite') };
    }
    for (let i = 0; i < 3; i++) servers.push(await spawnServer({ ...env, APP_SECRET: SECRET }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    await database?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('all serve, and the demo data is loaded once', async () => {
    await Promise.all(servers.map((s) => waitUntilUp(s.url, s.child, s.output, 90_000)));
    for (const s of servers) expect((await fetch(`${s.url}/api/csrf-cookie`)).status).toBe(204);
    expect(servers.filter((s) => s.output().includes('Loaded the demo data')).length).toBe(1);
    const check = database ?? (await openDatabase({ sqliteFile: join(dir!, 'start.sqlite') }));
    try {
      const users = await check.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const superadmins = await check.db.selectFrom('users').select('id').where('email', '=', 'superadmin@example.com').execute();
      expect(Number(users.n)).toBeGreaterThan(0);
      expect(superadmins).toHaveLength(1);
    } finally {
      if (!database) await check.close();
    }
  }, 120_000);
});
