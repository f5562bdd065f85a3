/**
 * API test helpers shared by every API suite: a fresh migrated + seeded database per app (SQLite
 * in memory, or a throw-away PostgreSQL database when TEST_DB=postgres), and HTTP clients that carry
 * the session cookie and the X-XSRF-TOKEN header like the admin SPA does.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Db } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import type { Database } from '../../api/db/tables.js';
import { buildApp } from '../../api/server.js';
import { settled } from '../../api/http/after-reply.js';
import type { Mailer } from '../../api/providers/mail/mailer.js';
import { createMemoryMailer, type MemoryMailer } from '../../api/providers/mail/memory.js';
import { seedDemo, DEMO_PASSWORD } from '../../fixtures/demo.js';
import type { Clock } from '../../api/clock.js';
import type { AppConfig } from '../../api/http/context.js';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Db['dialect'];
  mailer: MemoryMailer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Load the demo data (default true). */
  seed?: boolean;
  clock?: Clock;
  config?: Partial<AppConfig>;
  /** Adds routes or hooks before the app is readied (e.g. test-only routes). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
  /** Runs before the routes are registered (e.g. an onRoute hook collecting every route). */
  beforeRoutes?: (app: FastifyInstance) => void;
  /**
   * The app's mailer instead of the in-memory one (`TestApp.mailer` then stays empty): e.g. SMTP to a
   * loopback server, or `'server-default'` for what the server uses without SMTP_URL (the message log).
   */
  mailer?: Mailer | 'server-default';
}

/**
 * Opens a fresh empty database: SQLite in memory, or a new PostgreSQL database dropped on close (`url` says
 * where, for server processes a test spawns on it).
 */
export async function openTestDatabase(): Promise<Db & { url?: string }> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ sqliteFile: ':memory:' });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `lockerline_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = '/' + name;
  const db = await openDatabase({ url: url.toString() });
  return {
    ...db,
    url: url.toString(),
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { seed = true, clock } = options;
  const database = await openTestDatabase();
  try {
    await migrateToLatest(database);
    if (seed) await seedDemo(database.db, clock);
    const mailer = createMemoryMailer();
    const app = await buildApp({
      db: database,
      clock,
      beforeRoutes: options.beforeRoutes,
      mailer: options.mailer === 'server-default' ? undefined : (options.mailer ?? mailer),
      config: { production: false, publicUrl: 'http://lockerline.test', logger: false, ...options.config },
    });
    await options.extend?.(app);
    await app.ready();
    return {
      app,
      db: database.db,
      dialect: database.dialect,
      mailer,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

type Query = Record<string, unknown>;

export interface Client {
  /** GET with an optional query object (serialised with indexed brackets, like the SPA). */
  get(url: string, query?: Query): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Any request; headers are merged over the client's own. */
  request(options: { method: string; url: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** The cookie jar (name -> value). */
  cookies: Map<string, string>;
  /** Extra headers sent with every request (e.g. Accept-Language). */
  headers: Record<string, string>;
}

/** Serialises a query object with indexed brackets: { filters: { status: [20] } } -> filters[status][0]=20. */
export function toQueryString(query: Query): string {
  const parts: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(`${prefix}[${k}]`, v);
    } else parts.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(value === null ? '' : String(value))}`);
  };
  for (const [k, v] of Object.entries(query)) walk(k, v);
  return parts.join('&');
}

function createClient(app: FastifyInstance, baseHeaders: Record<string, string> = {}, remoteAddress?: string): Client {
  const cookies = new Map<string, string>();
  const headers: Record<string, string> = { ...baseHeaders };
  const remember = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || c.value === '';
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
  };
  const request: Client['request'] = async ({ method, url, body, headers: extra }) => {
    const h: Record<string, string> = { ...headers };
    if (cookies.size) h.cookie = [...cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    const xsrf = cookies.get('XSRF-TOKEN');
    if (xsrf && !('authorization' in h)) h['x-xsrf-token'] = xsrf;
    Object.assign(h, extra);
    const payload = body === undefined ? undefined : typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    if (payload !== undefined && typeof body !== 'string' && !Buffer.isBuffer(body)) h['content-type'] ??= 'application/json';
    const res = await app.inject({ method: method as 'GET', url, headers: h, payload, ...(remoteAddress ? { remoteAddress } : {}) });
    await settled(app); // what the route left running after its answer (api/http/after-reply.ts), e.g. a reset mail
    remember(res);
    return res;
  };
  const withQuery = (url: string, query?: Query) => {
    if (!query) return url;
    const qs = toQueryString(query);
    return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
  };
  return {
    cookies,
    headers,
    request,
    get: (url, query) => request({ method: 'GET', url: withQuery(url, query) }),
    post: (url, body) => request({ method: 'POST', url, body }),
    put: (url, body) => request({ method: 'PUT', url, body }),
    patch: (url, body) => request({ method: 'PATCH', url, body }),
    delete: (url, body) => request({ method: 'DELETE', url, body }),
  };
}

/**
 * A signed-out client that already holds the XSRF-TOKEN cookie (as the SPA after GET /api/csrf-cookie);
 * `remoteAddress`: the client's address (default 127.0.0.1), for the per-address limits.
 */
export async function guest(app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress?: string): Promise<Client> {
  const client = createClient(app, headers, remoteAddress);
  const res = await client.get('/api/csrf-cookie');
  if (res.statusCode !== 204) throw new Error(`csrf-cookie answered ${res.statusCode}: ${res.body}`);
  return client;
}

/** A client signed in as `email` (session cookie + XSRF header). Throws when the login fails. */
export async function login(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<Client> {
  const client = await guest(app);
  const res = await client.post('/api/login', { email, password });
  if (res.statusCode !== 200) throw new Error(`login ${email} answered ${res.statusCode}: ${res.body}`);
  return client;
}

/** A client authenticating with `Authorization: Bearer <token>` (no cookies, no CSRF). */
export function bearer(app: FastifyInstance, token: string): Client {
  return createClient(app, { authorization: `Bearer ${token}` });
}

export { DEMO_PASSWORD };

/**
 * Row counts of every table (sessions aside) in one query, as one string: a refused request must leave it
 * unchanged. The query is built once per database.
 */
export function rowCounts(db: Kysely<Database>): () => Promise<string> {
  let query: ReturnType<typeof sql<{ counts: string }>> | undefined;
  return async () => {
    if (!query) {
      const tables = (await db.introspection.getTables()).map((table) => table.name).filter((n) => !n.startsWith('kysely_') && n !== 'sessions');
      const parts = tables.map((n) => sql`(select count(*) from ${sql.table(n)})`);
      query = sql<{ counts: string }>`select ${sql.join(parts, sql` || ',' || `)} as counts`;
    }
    return (await query.execute(db)).rows[0]!.counts;
  };
}

/**
 * Inserts `count` shipments of one merchant and one name straight into the table (no API, no events), for lists
 * that need many rows: references `${prefix}1`…, e-mails `${mailbox}1@example.com`…, created and updated at `at`.
 */
export async function insertShipments(
  db: Kysely<Database>,
  s: { prefix: string; count: number; merchantId: number; firstName: string; lastName: string; mailbox: string; at: string },
): Promise<void> {
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(s.count)})
    insert into shipments (reference_id, merchant_id, first_name, last_name, email, created_at, updated_at)
    select ${sql.lit(s.prefix)} || i, ${s.merchantId}, ${sql.lit(s.firstName)}, ${sql.lit(s.lastName)}, ${sql.lit(s.mailbox)} || i || '@example.com', ${s.at}, ${s.at} from n
  `.execute(db);
}
