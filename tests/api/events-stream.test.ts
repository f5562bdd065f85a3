/**
 * GET /api/events/stream (issue 15, docs/live-updates.md), read over a real socket (app.listen on port 0):
 * tenant and role scoping (a merchant never hears another merchant's ids, a store user only its locations'
 * packages), Last-Event-ID resume without gaps or repeats, reset for a resume point the log no longer holds,
 * 401 signed out, the per-user cap, streams ended on shutdown; SQLite with WEB_CONCURRENCY=2: changes made through
 * either worker (requests on connections of their own, spread by the cluster's round robin) reach a stream on one
 * of them within 2 s (the change-log poll); on PostgreSQL, two server processes: a change through process A reaches
 * a stream on process B (LISTEN/NOTIFY).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/db/tables.js';
import { DEMO_PASSWORD } from '../../fixtures/demo.js';
import { announced, openSse, type SseStream } from '../sse-client.js';
import { spawnServer, stopProcess, waitUntilUp, type ServerProcess } from '../spawn-server.js';
import { createTestApp, login, openTestDatabase, type Client, type TestApp } from './helpers.js';

const cookieHeader = (client: Client) => [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
const touch = (db: Kysely<Database>, table: 'packages' | 'shipments', id: number) =>
  db.updateTable(table).set({ updated_at: new Date().toISOString() }).where('id', '=', id).execute();
const ids = (res: { json(): unknown }) => ((res.json() as { data: { id: number }[] }).data ?? []).map((r) => r.id);

describe(`GET /api/events/stream (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, () => {
  let t: TestApp;
  let base: string;
  const streams: SseStream[] = [];
  const users: Record<string, Client> = {};
  const stream = async (who: string, headers: Record<string, string> = {}, query = '') => {
    const s = await openSse(`${base}/api/events/stream${query}`, { cookie: cookieHeader(users[who]!), ...headers });
    streams.push(s);
    return s;
  };
  /** Each stream has said where it stands (the `id:` it starts from), so it hears every later change. */
  const ready = (...list: SseStream[]) => Promise.all(list.map((s) => expectPoll(() => s.lastId !== undefined)));

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    for (const [key, email] of Object.entries({ acme: 'merchant.admin@example.com', globex: 'other.admin@example.com', pudo: 'pudo@example.com', driver: 'driver@example.com', admin: 'superadmin@example.com' })) {
      users[key] = await login(t.app, email);
    }
  }, 60_000);
  afterAll(async () => {
    for (const s of streams) s.close();
    await t.close();
  });

  it('answers 401 signed out, and 422 to a garbled lastEventId', async () => {
    const anonymous = await openSse(`${base}/api/events/stream`);
    expect(anonymous.status).toBe(401);
    anonymous.close();
    const garbled = await users.admin!.get('/api/events/stream?lastEventId=abc');
    expect(garbled.statusCode).toBe(422);
  });

  it('a merchant hears only its own records, a store user only its locations’ packages, a driver only its packages', async () => {
    const acmeIds = ids(await users.acme!.get('/api/packages', { perPage: 100 }));
    const globexIds = ids(await users.globex!.get('/api/packages', { perPage: 100 }));
    const pudoIds = ids(await users.pudo!.get('/api/packages', { perPage: 100 }));
    const acmeShipments = ids(await users.acme!.get('/api/shipments', { perPage: 100 }));
    const globexShipments = ids(await users.globex!.get('/api/shipments', { perPage: 100 }));
    expect(acmeIds.length && globexIds.length && pudoIds.length && acmeShipments.length && globexShipments.length).toBeTruthy();
    const driverIds = ids(await users.driver!.get('/api/packages', { perPage: 100 }));
    expect(driverIds.length).toBeTruthy();
    const acmeElsewhere = acmeIds.find((id) => !pudoIds.includes(id) && !driverIds.includes(id))!;
    const globexElsewhere = globexIds.find((id) => !pudoIds.includes(id) && !driverIds.includes(id))!;
    expect(acmeElsewhere && globexElsewhere).toBeTruthy();

    const [acme, globex, pudo, driver, admin] = [await stream('acme'), await stream('globex'), await stream('pudo'), await stream('driver'), await stream('admin')];
    expect([acme.status, globex.status, pudo.status, driver.status, admin.status]).toEqual([200, 200, 200, 200, 200]);
    await ready(acme, globex, pudo, driver, admin);

    // Changes for both merchants, one at the PUDO's location, then one last change each stream must hear.
    await touch(t.db, 'packages', globexElsewhere);
    await touch(t.db, 'packages', acmeElsewhere);
    await touch(t.db, 'shipments', globexShipments[0]!);
    await touch(t.db, 'shipments', acmeShipments[0]!);
    // A change through the API: the acme admin edits a shipment.
    const editable = (await users.acme!.get('/api/shipments', { perPage: 100 })).json() as { data: { id: number }[]; meta: { actions?: Record<string, string[]> } };
    const edited = editable.data.find((s) => editable.meta.actions?.[String(s.id)]?.includes('edit'))!;
    expect((await users.acme!.put(`/api/shipments/${edited.id}`, { last_name: 'Live' })).statusCode).toBe(200);
    await touch(t.db, 'packages', pudoIds[0]!);
    const last = { acme: acmeIds.at(-1)!, globex: globexIds.at(-1)! };
    await touch(t.db, 'packages', last.acme);
    await touch(t.db, 'packages', last.globex);

    await admin.until('the superadmin hears every change', (m) => [globexElsewhere, acmeElsewhere, pudoIds[0]!, last.acme, last.globex].every((id) => announced(m, 'packages').includes(id)));
    await acme.until('acme hears its last change', (m) => announced(m, 'packages').includes(last.acme));
    await globex.until('globex hears its last change', (m) => announced(m, 'packages').includes(last.globex));
    await pudo.until('the PUDO hears its location’s package', (m) => announced(m, 'packages').includes(pudoIds[0]!));
    await admin.until('…and the later ones', (m) => announced(m, 'packages').includes(last.globex));

    expect(announced(acme.messages, 'packages')).toContain(acmeElsewhere);
    expect(announced(acme.messages, 'shipments')).toEqual(expect.arrayContaining([acmeShipments[0], edited.id]));
    for (const id of announced(acme.messages, 'packages')) expect(acmeIds).toContain(id);
    for (const id of announced(acme.messages, 'shipments')) expect(acmeShipments).toContain(id);
    expect(announced(globex.messages, 'packages')).toContain(globexElsewhere);
    for (const id of announced(globex.messages, 'packages')) expect(globexIds).toContain(id);
    for (const id of announced(globex.messages, 'shipments')) expect(globexShipments).toContain(id);
    expect(announced(globex.messages, 'shipments')).not.toContain(edited.id);
    // The PUDO: the package at its location, nothing of either merchant elsewhere, no shipments (not its list).
    await touch(t.db, 'packages', pudoIds[0]!); // a sentinel after the last merchant changes
    await pudo.until('the PUDO hears the sentinel', (m) => announced(m, 'packages').filter((id) => id === pudoIds[0]).length >= 2);
    for (const id of announced(pudo.messages, 'packages')) expect(pudoIds).toContain(id);
    expect(announced(pudo.messages, 'packages')).not.toContain(acmeElsewhere);
    expect(announced(pudo.messages, 'shipments')).toEqual([]);
    // The driver: its own package, nothing else.
    await touch(t.db, 'packages', driverIds[0]!);
    await driver.until('the driver hears its package', (m) => announced(m, 'packages').includes(driverIds[0]!));
    for (const id of announced(driver.messages, 'packages')) expect(driverIds).toContain(id);
    expect(announced(driver.messages, 'packages')).not.toContain(acmeElsewhere);
    expect(announced(driver.messages, 'packages')).not.toContain(globexElsewhere);
    for (const s of [acme, globex, pudo, driver, admin]) s.close();
  });

  it('a driver hears of a package it knew that left its scope (once); never of one it did not know', async () => {
    const known = (await users.driver!.get('/api/scans/known')).json() as { data: { id: number; status: number }[] };
    const leaving = known.data[0]!;
    const acmeIds = ids(await users.acme!.get('/api/packages', { perPage: 100 }));
    const driverIds = new Set(ids(await users.driver!.get('/api/packages', { perPage: 1000 })));
    const stranger = acmeIds.find((id) => !driverIds.has(id) && !known.data.some((p) => p.id === id))!;
    expect(leaving && stranger).toBeTruthy();
    const driver = await stream('driver');
    await ready(driver);
    // Cancelled elsewhere: out of the driver's scope, so the lookup alone would not announce it.
    await t.db.updateTable('packages').set({ status: -90, updated_at: new Date().toISOString() }).where('id', '=', leaving.id).execute();
    await touch(t.db, 'packages', stranger);
    await touch(t.db, 'packages', leaving.id); // a second change: already told, not again
    const sentinel = known.data[1]!.id;
    await touch(t.db, 'packages', sentinel);
    await driver.until('the driver hears the sentinel', (m) => announced(m, 'packages').includes(sentinel));
    expect(announced(driver.messages, 'packages').filter((id) => id === leaving.id)).toEqual([leaving.id]);
    expect(announced(driver.messages, 'packages')).not.toContain(stranger);
    await t.db.updateTable('packages').set({ status: leaving.status }).where('id', '=', leaving.id).execute();
    driver.close();
  });

  it('Last-Event-ID resumes without gaps or repeats; a resume point the log no longer holds answers reset', async () => {
    const packageIds = ids(await users.admin!.get('/api/packages', { perPage: 10 }));
    const first = await stream('admin');
    await ready(first);
    await touch(t.db, 'packages', packageIds[0]!);
    await first.until('the first change', (m) => announced(m, 'packages').includes(packageIds[0]!));
    const resumeAt = first.lastId!;
    first.close();
    // While nobody listens: two changes.
    await touch(t.db, 'packages', packageIds[1]!);
    await touch(t.db, 'packages', packageIds[2]!);
    const again = await stream('admin', { 'last-event-id': resumeAt });
    await again.until('the missed changes', (m) => announced(m, 'packages').includes(packageIds[2]!));
    await touch(t.db, 'packages', packageIds[3]!);
    await again.until('the next live change', (m) => announced(m, 'packages').includes(packageIds[3]!));
    expect(announced(again.messages, 'packages')).toEqual([packageIds[1], packageIds[2], packageIds[3]]);
    const eventIds = again.messages.filter((m) => m.id).map((m) => Number(m.id));
    expect(eventIds).toEqual([...eventIds].sort((a, b) => a - b));
    expect(new Set(eventIds).size).toBe(eventIds.length);
    expect(Number(again.lastId)).toBeGreaterThan(Number(resumeAt));
    again.close();

    // The same resume through ?lastEventId= (a new EventSource cannot set the header).
    const byQuery = await stream('admin', {}, `?lastEventId=${resumeAt}`);
    await byQuery.until('the changes after the resume point', (m) => announced(m, 'packages').length >= 3);
    expect(announced(byQuery.messages, 'packages')).toEqual([packageIds[1], packageIds[2], packageIds[3]]);
    byQuery.close();

    // Pruned: the log no longer reaches back to the resume point.
    await t.db.deleteFrom('change_log').where('id', '<=', Number(resumeAt) + 1).execute();
    const late = await stream('admin', { 'last-event-id': resumeAt });
    await late.until('a reset', (m) => m.some((x) => x.event === 'reset'));
    late.close();
  });

  it('caps the streams of one user (429, coded and translated)', async () => {
    const open: SseStream[] = [];
    for (let i = 0; i < 8; i++) open.push(await stream('globex'));
    expect(open.every((s) => s.status === 200)).toBe(true);
    const refused = await users.globex!.request({ method: 'GET', url: '/api/events/stream', headers: { 'accept-language': 'es' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'events.too_many_streams' });
    for (const s of open) s.close();
    await expectPoll(async () => (await openSse(`${base}/api/events/stream`, { cookie: cookieHeader(users.globex!) }).then((s) => (s.close(), s.status))) === 200);
  });

  it('caps streams asked for at once, and a stream abandoned while it was being set up gives its place back', async () => {
    // Warehouse staff: opening a stream reads the device's known packages first (DepartureWatch), a real wait on
    // PostgreSQL, during which the others were let through and a client gone meanwhile kept its place for good.
    users.warehouse = await login(t.app, 'warehouse@example.com');
    const cookie = cookieHeader(users.warehouse);
    const agent = new Agent({ maxSockets: 64 });
    try {
      const burst = await Promise.all(Array.from({ length: 24 }, () => openSse(`${base}/api/events/stream`, { cookie }, agent)));
      streams.push(...burst);
      expect(burst.filter((s) => s.status === 200)).toHaveLength(8);
      expect(burst.filter((s) => s.status === 429)).toHaveLength(16);
      for (const s of burst) s.close();
      await expectPoll(async () => (await openSse(`${base}/api/events/stream`, { cookie }).then((s) => (s.close(), s.status))) === 200);

      for (const delayMs of [0, 1, 2, 3, 5, 8, 13, 20]) {
        for (let i = 0; i < 3; i++) {
          const req = request(`${base}/api/events/stream`, { headers: { cookie, accept: 'text/event-stream' } });
          req.on('error', () => undefined);
          req.end();
          await new Promise((r) => setTimeout(r, delayMs));
          req.destroy();
        }
      }
      await new Promise((r) => setTimeout(r, 500));
      const after = await Promise.all(Array.from({ length: 8 }, () => openSse(`${base}/api/events/stream`, { cookie }, agent)));
      streams.push(...after);
      expect(after.map((s) => s.status)).toEqual(Array(8).fill(200));
      for (const s of after) s.close();
    } finally {
      agent.destroy();
    }
  });

  it('a token-authenticated stream ends at the next check once its token is revoked; a session stream when its session expires', async () => {
    const other = await appWithFastChecks();
    try {
      const url = await listenOnLoopback(other);
      const acme = await login(other.app, 'merchant.admin@example.com');
      const me = ((await acme.get('/api/user')).json() as { data: { id: number } }).data;
      const token = ((await acme.get(`/api/users/${me.id}/request-token`)).json() as { token: string }).token;
      expect(token).toBeTruthy();
      const byToken = await openSse(`${url}/api/events/stream`, { authorization: `Bearer ${token}` });
      expect(byToken.status).toBe(200);
      await expectPoll(() => byToken.lastId !== undefined);
      let tokenEnded = false;
      void byToken.ended.then(() => (tokenEnded = true));
      await new Promise((r) => setTimeout(r, 1_000)); // several checks pass while the token stands
      expect(tokenEnded).toBe(false);
      // A new token revokes the previous one.
      expect((await acme.get(`/api/users/${me.id}/request-token`)).statusCode).toBe(200);
      await expectPoll(() => tokenEnded);
      expect((await openSse(`${url}/api/events/stream`, { authorization: `Bearer ${token}` }).then((s) => (s.close(), s.status)))).toBe(401);

      // A session stream ends once its session expired (checked at its expiry and at each check).
      const cookie = await loginOver(url, 'superadmin@example.com');
      const bySession = await openSse(`${url}/api/events/stream`, { cookie });
      await expectPoll(() => bySession.lastId !== undefined);
      let sessionEnded = false;
      void bySession.ended.then(() => (sessionEnded = true));
      const soon = new Date(Date.now() + 1_500).toISOString();
      const session = await other.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('sessions.id').where('users.email', '=', 'superadmin@example.com').orderBy('sessions.created_at', 'desc').executeTakeFirstOrThrow();
      await other.db.updateTable('sessions').set({ expires_at: soon }).where('id', '=', session.id).execute();
      await expectPoll(() => sessionEnded);
    } finally {
      await other.close();
    }
  });

  it("a stream ends at the next check once its user's role, merchant or locations change; the reconnect hears the new scope only", async () => {
    const other = await appWithFastChecks();
    try {
      const url = await listenOnLoopback(other);
      const admin = await login(other.app, 'superadmin@example.com');
      const userOf = async (email: string) => {
        const { id } = await other.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
        return ((await admin.get(`/api/users/${id}`)).json() as { data: Record<string, unknown> & { id: number } }).data;
      };
      const merchantOf = async (name: string) => (await other.db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
      const shipmentOf = async (merchantId: number) => (await other.db.selectFrom('shipments').select('id').where('merchant_id', '=', merchantId).orderBy('id').executeTakeFirstOrThrow()).id;
      const [acme, globex] = [await merchantOf('Acme Outfitters'), await merchantOf('Globex')];
      const [acmeShipment, globexShipment] = [await shipmentOf(acme), await shipmentOf(globex)];
      const endedFlag = (s: SseStream) => {
        const flag = { ended: false };
        void s.ended.then(() => (flag.ended = true));
        return flag;
      };

      // Support (the whole network) made a Globex merchant user: the open stream would go on announcing Acme's ids.
      const supportCookie = await loginOver(url, 'support@example.com');
      const before = await openSse(`${url}/api/events/stream`, { cookie: supportCookie });
      await expectPoll(() => before.lastId !== undefined);
      const beforeEnd = endedFlag(before);
      await new Promise((r) => setTimeout(r, 1_000)); // several checks pass while nothing changed
      expect(beforeEnd.ended).toBe(false);
      const support = await userOf('support@example.com');
      expect((await admin.put(`/api/users/${support.id}`, { ...support, role: 8, merchant_id: globex })).statusCode).toBe(200);
      await expectPoll(() => beforeEnd.ended);
      const after = await openSse(`${url}/api/events/stream`, { cookie: supportCookie });
      expect(after.status).toBe(200);
      await expectPoll(() => after.lastId !== undefined);
      await touch(other.db, 'shipments', acmeShipment);
      await touch(other.db, 'shipments', globexShipment);
      await after.until('the Globex shipment', (m) => announced(m, 'shipments').includes(globexShipment));
      expect(announced(after.messages, 'shipments')).not.toContain(acmeShipment);
      after.close();

      // A PUDO user given another location instead of theirs.
      const pudo = await userOf('pudo@example.com');
      const pudoStream = await openSse(`${url}/api/events/stream`, { cookie: await loginOver(url, 'pudo@example.com') });
      await expectPoll(() => pudoStream.lastId !== undefined);
      const pudoEnd = endedFlag(pudoStream);
      const elsewhere = await other.db.selectFrom('locations').select('id').where('class', '=', 'pudo').where('id', 'not in', pudo.location_ids as number[]).executeTakeFirstOrThrow();
      expect((await admin.put(`/api/users/${pudo.id}`, { ...pudo, location_ids: [elsewhere.id] })).statusCode).toBe(200);
      await expectPoll(() => pudoEnd.ended);
    } finally {
      await other.close();
    }
  });

  it('ends every stream on shutdown', async () => {
    const other = await createTestApp();
    try {
      const url = await listenOnLoopback(other);
      const live = await openSse(`${url}/api/events/stream`, { cookie: await loginOver(url, 'superadmin@example.com') });
      expect(live.status).toBe(200);
      await expectPoll(() => live.lastId !== undefined);
      let ended = false;
      void live.ended.then(() => (ended = true));
      await other.app.close(); // would wait for the open stream if it were not ended
      await expectPoll(() => ended);
    } finally {
      await other.close();
    }
  });
});

/** A test app whose streams check their credential every 400 ms (heartbeat 100 ms). */
async function appWithFastChecks(): Promise<TestApp> {
  process.env.LIVE_HEARTBEAT_MS = '100';
  return createTestApp().finally(() => delete process.env.LIVE_HEARTBEAT_MS);
}

/** Starts the app on a free loopback port; its base URL. */
async function listenOnLoopback(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function expectPoll(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Signs in over HTTP; returns the Cookie header. */
async function loginOver(base: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!);
      if (body) headers['content-type'] = 'application/json';
      const req = request(`${base}${path}`, { method, headers }, (res) => {
        for (const c of res.headers['set-cookie'] ?? []) {
          const [pair] = c.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body ? JSON.stringify(body) : undefined);
    });
  await call('GET', '/api/csrf-cookie');
  const status = await call('POST', '/api/login', { email, password: DEMO_PASSWORD });
  if (status !== 200) throw new Error(`login ${email}: ${status}`);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A request on a connection of its own (agent: false), so a cluster's round robin spreads them over its workers. */
function callOver(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<{ status: number; text: string }> {
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '');
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie, 'x-xsrf-token': xsrf, connection: 'close' };
    if (body) headers['content-type'] = 'application/json';
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe.runIf(process.env.TEST_DB !== 'postgres')('two workers on one SQLite file (WEB_CONCURRENCY=2)', () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lockerline-live-'));
    server = await spawnServer({ WEB_CONCURRENCY: '2', SQLITE_FILE: join(dir, 'live.sqlite') });
    await waitUntilUp(server.url, server.child, server.output, 120_000);
  }, 150_000);
  afterAll(async () => {
    await stopProcess(server.child);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every change reaches a stream within 2 s, whichever worker made it', async () => {
    const cookie = await loginOver(server.url, 'merchant.admin@example.com');
    const live = await openSse(`${server.url}/api/events/stream`, { cookie });
    expect(live.status).toBe(200);
    await expectPoll(() => live.lastId !== undefined);
    const list = JSON.parse((await callOver(server.url, 'GET', '/api/shipments?perPage=50', cookie)).text) as { data: { id: number }[]; meta: { actions?: Record<string, string[]> } };
    const editable = list.data.filter((s) => list.meta.actions?.[String(s.id)]?.includes('edit')).slice(0, 6);
    expect(editable.length).toBeGreaterThan(3);
    for (const [n, shipment] of editable.entries()) {
      const put = await callOver(server.url, 'PUT', `/api/shipments/${shipment.id}`, cookie, { last_name: `Worker ${n}` });
      expect(put.status, put.text).toBe(200);
      await live.until(`the change of shipment ${shipment.id}`, (m) => announced(m, 'shipments').includes(shipment.id), 2_000);
    }
    live.close();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two API processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 2; i++) servers.push(await spawnServer({ DATABASE_URL: database.url! }));
    await Promise.all(servers.map((s) => waitUntilUp(s.url, s.child, s.output, 120_000)));
  }, 150_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stopProcess(s.child)));
    await database?.close();
  });

  it('a change through process A reaches a stream on process B within 2 s', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const onB = await openSse(`${b.url}/api/events/stream`, { cookie: await loginOver(b.url, 'merchant.admin@example.com') });
    expect(onB.status).toBe(200);
    await expectPoll(() => onB.lastId !== undefined);
    const jarA = await loginOver(a.url, 'merchant.admin@example.com');
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(jarA)![1]!);
    const list = await fetch(`${a.url}/api/shipments?perPage=50`, { headers: { cookie: jarA } }).then((r) => r.json() as Promise<{ data: { id: number }[]; meta: { actions?: Record<string, string[]> } }>);
    const target = list.data.find((s) => list.meta.actions?.[String(s.id)]?.includes('edit'))!;
    const started = Date.now();
    const put = await fetch(`${a.url}/api/shipments/${target.id}`, { method: 'PUT', headers: { cookie: jarA, 'x-xsrf-token': xsrf, 'content-type': 'application/json' }, body: JSON.stringify({ last_name: 'Across' }) });
    expect(put.status).toBe(200);
    await onB.until('the change on process B', (m) => announced(m, 'shipments').includes(target.id), 2_000);
    console.log(`live updates across processes: ${Date.now() - started} ms from the PUT to the event on the other process`);
    onB.close();
  });
});
