/**
 * Merchant webhooks: registration rules, the secret never returned, runhook and status changes
 * enqueued through the outbox, HMAC-SHA256 signatures that verify, retries with backoff after a 5xx,
 * and the delivery log.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runCampaignPass } from '../../api/campaigns/scheduler.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { webhookTransport } from '../../api/webhooks/webhook-transport.js';
import { verifySignature } from '../../api/webhooks/secret-box.js';
import { createTestApp, login, type TestApp } from './helpers.js';

/** The receiver listens on loopback: allowed here as WEBHOOK_ALLOW_PRIVATE_HOSTS would in development. */
const LOOPBACK_ALLOWED = ['127.0.0.1'];

const SECRET = 'webhook-app-secret';
const HOOK_SECRET = 'merchant-shared-secret-123';

describe('merchant webhooks', () => {
  let t: TestApp;
  let server: Server;
  let url: string;
  const clock = fixedClock(new Date('2031-06-01T10:00:00.000Z'));
  const received: { body: string; signature: string; key: string; webhookId: string }[] = [];
  let failNext = 0;

  const deliver = () =>
    runDeliveryPass({ db: t.db, dialect: t.dialect, clock, publicUrl: 'http://x.test', transports: { webhook: webhookTransport(t.db, { appSecret: SECRET, now: () => clock.now(), allowPrivateHosts: LOOPBACK_ALLOWED }) }, random: () => 0 });

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { secret: SECRET, webhookAllowPrivateHosts: LOOPBACK_ALLOWED } });
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.writeHead(503).end();
          return;
        }
        received.push({ body, signature: String(req.headers['x-lockerline-signature']), key: String(req.headers['idempotency-key']), webhookId: String(req.headers['webhook-id']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await t?.close();
  });

  it('registers an endpoint for the own merchant only, never returning the secret', async () => {
    const admin = await login(t.app, 'merchant.admin@example.com');
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    const globex = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Globex').executeTakeFirstOrThrow()).id;
    expect((await admin.put(`/api/merchants/${merchantId}/webhook`, { url: 'ftp://example.com/x', secret: HOOK_SECRET })).json().code).toBe('validation.failed');
    expect((await admin.put(`/api/merchants/${merchantId}/webhook`, { url, secret: 'short' })).json().code).toBe('validation.failed');
    expect((await admin.put(`/api/merchants/${globex}/webhook`, { url, secret: HOOK_SECRET })).statusCode).toBe(404);
    const res = await admin.put(`/api/merchants/${merchantId}/webhook`, { url, secret: HOOK_SECRET });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(HOOK_SECRET);
    expect(res.json().data).toMatchObject({ url, has_secret: true });
    const stored = await t.db.selectFrom('webhook_endpoints').select('secret_encrypted').executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(HOOK_SECRET);
  });

  it('runhook enqueues a signed webhook, retried after a 5xx, logged', async () => {
    const root = await login(t.app, 'superadmin@example.com');
    const pkg = await t.db.selectFrom('packages').innerJoin('merchants', 'merchants.id', 'packages.merchant_id').select(['packages.id', 'packages.barcode']).where('merchants.name', '=', 'Acme Outfitters').executeTakeFirstOrThrow();
    // Events already in the demo data are before the endpoint existed: read them past first.
    await runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
    await t.db.deleteFrom('outbox').where('kind', '=', 'webhook').execute();

    const hook = await root.post(`/api/packages/${pkg.id}/runhook`);
    expect(hook.statusCode, hook.body).toBe(200);
    await runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
    const rows = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'webhook').execute();
    expect(rows.map((r) => r.event)).toContain('package.runhook');

    failNext = 1;
    expect((await deliver()).retried).toBeGreaterThanOrEqual(1);
    expect(received).toHaveLength(0);
    clock.advance(3_600_000);
    await deliver();
    const delivery = received.find((r) => JSON.parse(r.body).type === 'package.runhook')!;
    expect(delivery).toBeDefined();
    expect(verifySignature(HOOK_SECRET, delivery.body, delivery.signature)).toBe(true);
    expect(verifySignature('wrong-secret-wrong-secret', delivery.body, delivery.signature)).toBe(false);
    expect(JSON.parse(delivery.body).data.package).toMatchObject({ id: pkg.id, barcode: pkg.barcode });
    // The outbox key travels as the webhook id (and Idempotency-Key), so a receiver can drop a redelivery.
    const key = `packages:${pkg.id}:package.runhook:event-${JSON.parse(delivery.body).id.slice(4)}:webhook`;
    expect(delivery).toMatchObject({ key, webhookId: key });
    // Re-running the pass enqueues nothing twice.
    await runCampaignPass({ db: t.db, dialect: t.dialect, clock, secret: SECRET });
    expect(await t.db.selectFrom('outbox').select('id').where('kind', '=', 'webhook').execute()).toHaveLength(rows.length);

    const admin = await login(t.app, 'merchant.admin@example.com');
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    const log = await admin.get(`/api/merchants/${merchantId}/webhook-deliveries`);
    expect(log.statusCode).toBe(200);
    expect(log.json().data[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await (await login(t.app, 'other.admin@example.com')).get(`/api/merchants/${merchantId}/webhook-deliveries`)).statusCode).toBe(404);
  });

  it('refuses private, loopback, link-local and unspecified targets when saving, in every spelling (422)', async () => {
    const admin = await login(t.app, 'merchant.admin@example.com');
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    const before = await t.db.selectFrom('webhook_endpoints').selectAll().execute();
    for (const target of [
      'https://169.254.169.254/latest/meta-data', 'https://10.1.2.3/', 'https://172.16.0.1/', 'https://172.31.255.255/', 'https://192.168.1.1/',
      'https://127.0.0.2/', 'https://0.0.0.0/', 'https://[::1]/', 'https://[fc00::1]/', 'https://[fd12:3456::1]/', 'https://[fe80::1]/',
      // 127.0.0.1 is the allow-listed receiver here: its neighbour 127.0.0.2 written as an integer, in hex, octal, IPv4-mapped.
      'https://[::]/', 'https://2130706434/', 'https://0x7f000002/', 'https://0177.0.0.2/', 'https://0x7f.2/', 'https://[::ffff:127.0.0.2]/',
      'https://[::ffff:a9fe:a9fe]/', 'https://localhost/', 'https://api.localhost/', 'http://127.0.0.2:8080/hook',
      // IPv4 inside transition tunnels: 6to4 of 127.0.0.1, Teredo, local-use NAT64 of 10.0.0.1.
      'https://[2002:7f00:1::]/', 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'https://[64:ff9b:1::a00:1]/',
    ]) {
      const res = await admin.put(`/api/merchants/${merchantId}/webhook`, { url: target, secret: HOOK_SECRET });
      expect(res.statusCode, target).toBe(422);
      expect(res.json().code).toBe('validation.failed');
      expect(Object.keys(res.json().errors), target).toEqual(['url']);
    }
    expect((await admin.put(`/api/merchants/${merchantId}/webhook`, { url: 'https://10.0.0.1/', secret: HOOK_SECRET })).json().errors.url).toMatch(/private/);
    expect(await t.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual(before);
  });

  it('gives up on a receiver that trickles its answer within the timeout, as a retryable failure', async () => {
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    // One byte of a status line every 100 ms: never silent for long, never done.
    const sockets = new Set<Socket>();
    const slow = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      const answer = 'HTTP/1.1 204 No Content\r\n\r\n';
      let i = 0;
      const timer = setInterval(() => (i < answer.length ? socket.write(answer[i++]!) : clearInterval(timer)), 100);
      socket.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      await t.db.updateTable('webhook_endpoints').set({ url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hook` }).where('merchant_id', '=', merchantId).execute();
      const transport = webhookTransport(t.db, { appSecret: SECRET, allowPrivateHosts: LOOPBACK_ALLOWED, timeoutMs: 500 });
      const started = Date.now();
      const error = await transport.send({ merchantId, text: '{}', idempotencyKey: 'k-slow', subject: 'package.runhook' } as Parameters<typeof transport.send>[0]).then(() => null, (e: Error & { permanent?: boolean }) => e);
      expect(error?.message).toBe('webhook: timeout');
      expect(error?.permanent).toBeFalsy();
      expect(Date.now() - started).toBeLessThan(2_000); // the answer would have taken ~2.6 s
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
      await t.db.updateTable('webhook_endpoints').set({ url }).where('merchant_id', '=', merchantId).execute();
    }
  });

  it('refuses a private target again at delivery (after DNS), never contacting it nor logging an answer', async () => {
    const merchantId = (await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow()).id;
    const strict = webhookTransport(t.db, { appSecret: SECRET, allowPrivateHosts: [] });
    const message = { merchantId, text: '{}', idempotencyKey: 'k1', subject: 'package.runhook' } as Parameters<typeof strict.send>[0];
    // Stored before the rule existed (or by hand): a loopback literal and a name resolving to loopback.
    for (const target of [url, url.replace('127.0.0.1', 'localhost'), url.replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      await t.db.updateTable('webhook_endpoints').set({ url: target }).where('merchant_id', '=', merchantId).execute();
      const count = received.length;
      const error = await strict.send(message).then(() => null, (e: Error & { permanent?: boolean }) => e);
      expect(error?.message, target).toMatch(/private, loopback or link-local/);
      expect(received).toHaveLength(count);
    }
    // The same receiver allow-listed is reached (the allow-list is the only way in).
    await t.db.updateTable('webhook_endpoints').set({ url }).where('merchant_id', '=', merchantId).execute();
    const allowed = webhookTransport(t.db, { appSecret: SECRET, allowPrivateHosts: LOOPBACK_ALLOWED });
    await expect(allowed.send(message)).resolves.toMatchObject({ providerMessageId: expect.stringMatching(/^http:2/) });
  });
});
