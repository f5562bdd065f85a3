/**
 * Cluster mode (WEB_CONCURRENCY=2, api/main.ts) on a SQLite file (or a throw-away PostgreSQL database in the
 * PostgreSQL run), with the real server process:
 * - a user deactivated through one worker is refused at once by the other (the primary relays the
 *   actor-cache invalidation; without it the other worker kept the user for the cache's TTL, 2 s);
 * - when the primary dies (kill -9) the workers answer their in-flight requests and then exit.
 * PostgreSQL reports a write to the actor cache once it is committed (api/db/pg-writes.ts), SQLite when it is prepared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../fixtures/demo.js';
import { spawnServer, stopProcess, waitUntilUp, type ServerProcess } from '../spawn-server.js';
import { openTestDatabase } from './helpers.js';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

/** A request on a connection of its own, so that the cluster's round robin spreads them over the workers. */
function call(base: string, method: string, path: string, jar: Map<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { connection: 'close', cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (jar.has('XSRF-TOKEN')) headers['x-xsrf-token'] = decodeURIComponent(jar.get('XSRF-TOKEN')!);
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        const cookies = res.headers['set-cookie'] ?? [];
        for (const c of cookies) {
          const [pair] = c.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        resolve({ status: res.statusCode ?? 0, body: text, cookies });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(base: string, email: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  await call(base, 'GET', '/api/csrf-cookie', jar);
  const res = await call(base, 'POST', '/api/login', jar, { email, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return jar;
}

const childPids = (pid: number) =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe(`cluster mode (WEB_CONCURRENCY=2, ${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, () => {
  let dir: string;
  let server: ServerProcess;
  let workers: number[] = [];
  let postgres: Awaited<ReturnType<typeof openTestDatabase>> | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lockerline-cluster-'));
    // PostgreSQL: an empty database of its own, migrated and seeded by the server's primary.
    if (process.env.TEST_DB === 'postgres') postgres = await openTestDatabase();
    // A long actor-cache TTL, so that a missed invalidation shows however slow the machine is.
    server = await spawnServer({ WEB_CONCURRENCY: '2', SQLITE_FILE: join(dir, 'cluster.sqlite'), DATABASE_URL: postgres?.url ?? '', ACTOR_CACHE_TTL_MS: '60000' });
    await waitUntilUp(server.url, server.child, server.output, 90_000);
    workers = childPids(server.child.pid!);
  }, 120_000);
  afterAll(async () => {
    await stopProcess(server.child);
    for (const pid of workers) if (alive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    await postgres?.close();
  });

  it('a user deactivated on one worker is refused at once on the other', async () => {
    const user = await signIn(server.url, 'warehouse@example.com');
    const admin = await signIn(server.url, 'superadmin@example.com');
    // Both workers serve (and cache) the user's actor: connections at once are spread over the workers.
    const burst = () => Promise.all(Array.from({ length: 8 }, () => call(server.url, 'GET', '/api/user', user)));
    const warm = await burst();
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));
    const me = JSON.parse(warm[0].body) as { id?: number; data?: { id: number } };

    expect((await call(server.url, 'PUT', `/api/users/${me.data?.id ?? me.id}`, admin, { active: false })).status).toBe(200);
    // Every request, whichever worker takes it, is refused (the cached actors live 60 s here).
    expect((await burst()).map((r) => r.status)).toEqual(Array(8).fill(401));
  }, 30_000);

  it('when the primary dies, the workers answer their in-flight requests and exit', async () => {
    expect(workers.length).toBeGreaterThanOrEqual(2);
    // A sign-in whose body is still on its way when the primary is killed.
    const jar = new Map<string, string>();
    await call(server.url, 'GET', '/api/csrf-cookie', jar);
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nX-XSRF-TOKEN: ${decodeURIComponent(jar.get('XSRF-TOKEN')!)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGKILL');
    // The workers notice (the notice comes through the pipes they inherited from the primary).
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('the cluster primary is gone') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toContain('the cluster primary is gone');
    await new Promise((r) => setTimeout(r, 200));
    socket.write(body.slice(10));
    await Promise.race([closed, new Promise((r) => setTimeout(r, 10_000))]);
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.1 (401|422)/);

    const exitBy = Date.now() + 15_000;
    while (workers.some(alive) && Date.now() < exitBy) await new Promise((r) => setTimeout(r, 100));
    expect(workers.filter(alive)).toEqual([]);
  }, 40_000);
});
