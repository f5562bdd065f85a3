/**
 * Walks EVERY route the server registers (collected with an onRoute hook) as a superadmin and sends it
 * hostile input: arrays, objects, numbers, booleans, NaN-like text and strings with NUL in place of every
 * field of the body and the query. Whatever a route does with it, the answer is never a 5xx, always a JSON
 * body with a `code` when refused, nothing is written by a refused request, and no NUL reaches the database.
 *
 * It also holds the contract check (issue 9, docs/api.md "Contract"): every /api route declares the schemas
 * of its input (core/contract), so a new endpoint cannot land without one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { connect } from 'node:net';
import { collectProblems, schemas } from '../../core/schemas/index.js';
import { createTestApp, login, rowCounts, type Client, type TestApp } from './helpers.js';
import { rotateTerminalSecret } from '../../api/lockers/terminal-auth.js';

interface WalkedRoute {
  method: string;
  url: string;
  schema?: RouteOptions['schema'];
}

/**
 * Routes exempt from the contract check. Empty on purpose: a route without input still says so with
 * `NoQuery` / `NoBody` (core/contract/common.ts), so that "no input" is a declaration and not an omission.
 * Add an entry only for a route whose input cannot be a JSON schema at all, with the reason beside it.
 */
const WITHOUT_SCHEMA: RegExp[] = [];

/**
 * What a route's schema lacks (empty when complete): `params` naming each `:param` of the URL; `body` on
 * POST/PUT/PATCH; `querystring` on a GET of a collection or a fixed endpoint (a GET of one record, URL ending
 * in a `:param`, reads no query).
 */
export function missingSchemas(route: WalkedRoute): string[] {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || WITHOUT_SCHEMA.some((re) => re.test(route.url))) return [];
  const schema = (route.schema ?? {}) as { params?: { properties?: object }; body?: unknown; querystring?: unknown };
  const missing: string[] = [];
  const names = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  for (const name of names) if (!schema.params?.properties || !(name in schema.params.properties)) missing.push(`params.${name}`);
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body) missing.push('body');
  if (route.method === 'GET' && !/\/:[A-Za-z_]+$/.test(route.url) && !schema.querystring) missing.push('querystring');
  return missing;
}

/** Routes the walk must not call: they end the walking session or stream forever. */
const SKIP = [/\/api\/logout$/, /\/api\/events\/stream/, /\/api\/docs/];

/** Every field name any body may carry: the core schemas' fields plus the verbs' own. */
const FIELDS = [
  ...new Set([
    ...Object.values(schemas).flatMap((s) => Object.keys('create' in s ? { ...(s.create as object), ...(s.update as object) } : s)),
    ...['ids', 'id', 'status', 'barcode', 'code', 'token', 'url', 'secret', 'active', 'email', 'password', 'current_password', 'reason'],
    ...['location_id', 'dropoff_location_id', 'package_ids', 'shipment_ids', 'compartment', 'size', 'format', 'q', 'filter', 'filters'],
    ...['sort', 'order', 'page', 'perPage', 'range', 'upload_id', 'only_valid', 'merchant_id', 'pickup_code', 'hours', 'text', 'message'],
  ]),
];

/** Fields tried one at a time on routes without a readable record. */
const COMMON_FIELDS = ['ids', 'status', 'reason', 'barcode', 'code', 'email', 'password', 'url', 'secret', 'name', 'locale', 'filter'];

/** The hostile values: each is put in place of every field at once. */
const HOSTILE: Record<string, unknown> = {
  array: ['x', { y: 1 }],
  object: { nested: { deep: ['x'] } },
  number: 1e308,
  negative: -1,
  boolean: true,
  nul: 'a\u0000b',
  bad_date: '2025-02-30',
  nan: 'NaN',
};

const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

/** A query string with the value in every field (objects and arrays written with brackets). */
function hostileQuery(value: unknown): string {
  const encode = (v: unknown): string[] => {
    if (Array.isArray(v)) return v.flatMap((x, i) => encode(x).map((p) => `[${i}]${p}`));
    if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => encode(x).map((p) => `[${k}]${p}`));
    return [`=${encodeURIComponent(String(v))}`];
  };
  return FIELDS.flatMap((f) => encode(value).map((p) => `${f}${p}`)).join('&');
}

describe('every registered route refuses hostile input with a coded 4xx', () => {
  let t: TestApp;
  let admin: Client;
  let terminal: Record<string, string> = {};
  const routes: WalkedRoute[] = [];
  const failures: string[] = [];
  /** Answers by status class, to show the walk reached the routes (not only a 401 wall). */
  const answered = { ok: 0, refused: 0, unauthenticated: 0 };

  beforeAll(async () => {
    t = await createTestApp({
      beforeRoutes: (app) => {
        app.addHook('onRoute', (route: RouteOptions) => {
          for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, schema: route.schema });
        });
      },
    });
    admin = await login(t.app, 'superadmin@example.com');
    // The kiosk's routes answer a terminal, not a session: walked with location 1's terminal secret, the hostile input
    // reaches their validation instead of stopping at 401.
    terminal = { authorization: `Terminal ${await rotateTerminalSecret(t.db, 1, null, new Date().toISOString())}` };
    fingerprint = rowCounts(t.db);
  }, 60_000);
  afterAll(() => t?.close());

  /** Row counts of every table: a refused request must leave them unchanged. */
  let fingerprint: () => Promise<string>;
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');

  /** Sends one request; records a 5xx, an uncoded refusal, or a refusal that wrote. */
  async function attempt(route: WalkedRoute, label: string, url: string, body?: unknown) {
    const writable = route.method !== 'GET';
    const before = writable ? await fingerprint() : '';
    const res = await admin.request({ method: route.method, url, body, headers: route.url.startsWith('/api/terminals/') ? terminal : undefined });
    const where = `${route.method} ${route.url} [${label}] -> ${res.statusCode}`;
    if (res.statusCode === 401) answered.unauthenticated++;
    else if (res.statusCode >= 400) answered.refused++;
    else answered.ok++;
    if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400) {
      let code: unknown;
      try {
        code = res.json().code;
      } catch {
        code = undefined;
      }
      if (typeof code !== 'string') failures.push(`${where} without a coded JSON body: ${res.body.slice(0, 120)}`);
      if (writable && res.statusCode !== 401 && (await fingerprint()) !== before) failures.push(`${where} wrote although refused`);
    }
    // Some verbs end or change the session (e.g. a password change): sign in again.
    if (res.statusCode === 401 || res.statusCode === 419) admin = await login(t.app, 'superadmin@example.com');
    return res;
  }

  /**
   * A valid-looking body to spoil one field at a time: the record the route edits (GET of the same URL), or for
   * a collection POST the collection's first record; else the fields a `{}` body is refused for.
   */
  async function baseBody(route: WalkedRoute, url: string): Promise<Record<string, unknown>> {
    const readable = route.method === 'POST' ? `${url}/1` : url;
    const res = await admin.get(readable);
    const data = res.statusCode === 200 ? (res.json() as { data?: unknown }).data : undefined;
    if (data && typeof data === 'object' && !Array.isArray(data)) {
      const { id: _id, created_at: _c, updated_at: _u, ...rest } = data as Record<string, unknown>;
      return rest;
    }
    const empty = await admin.request({ method: route.method, url, body: {} });
    const named = empty.headers['content-type']?.toString().includes('json') ? Object.keys((empty.json() as { errors?: object }).errors ?? {}) : [];
    return Object.fromEntries([...named, ...COMMON_FIELDS].map((f) => [f, undefined]));
  }

  async function checkRoute(route: WalkedRoute) {
    const url = concrete(route.url);
    const writable = route.method !== 'GET';
    for (const [name, value] of Object.entries(HOSTILE)) {
      await attempt(route, `${name} in query`, `${url}?${hostileQuery(value)}`);
      if (writable) {
        await attempt(route, `${name} in every field`, url, everyField(value));
        await attempt(route, `${name} as the body`, url, value);
      }
    }
    if (!writable) return;
    // One field spoilt at a time in an otherwise valid body: reaches the code behind the first validation.
    const base = await baseBody(route, url);
    for (const field of Object.keys(base))
      for (const name of ['array', 'object', 'nul', 'number', 'boolean'])
        await attempt(route, `${name} in ${field}`, url, { ...base, [field]: HOSTILE[name] });
  }

  it('collects the routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('every /api route declares the schemas of its input (core/contract): params, body, query', () => {
    const incomplete = routes.map((r) => ({ route: `${r.method} ${r.url}`, missing: missingSchemas(r) })).filter((r) => r.missing.length);
    expect(incomplete).toEqual([]);
    // The check itself: a route without schemas is caught.
    expect(missingSchemas({ method: 'POST', url: '/api/things/:id/verb' })).toEqual(['params.id', 'body']);
    expect(missingSchemas({ method: 'GET', url: '/api/things' })).toEqual(['querystring']);
    expect(missingSchemas({ method: 'GET', url: '/api/things/:id', schema: { params: { properties: { id: {} } } } })).toEqual([]);
  });

  it('the OpenAPI document is generated from the same schemas', async () => {
    const doc = (await admin.get('/api/docs/json')).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>> };
    const createShipment = doc.paths['/api/shipments']?.post?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
    expect(Object.keys(createShipment)).toEqual(expect.arrayContaining(['dropoff_location_id', 'first_name', 'packages']));
    const verb = doc.paths['/api/manifests/{id}/add-packages']?.post?.requestBody?.content?.['application/json']?.schema?.properties ?? {};
    expect(Object.keys(verb)).toEqual(expect.arrayContaining(['package_ids', 'barcodes']));
  });

  it('never answers 5xx nor an uncoded error, writes nothing when refusing, and stores no NUL', async () => {
    for (const route of routes) if (!SKIP.some((re) => re.test(route.url))) await checkRoute(route);
    expect(failures).toEqual([]);
    expect(answered.refused).toBeGreaterThan(2000);
    expect(answered.ok).toBeGreaterThan(100);
    expect(answered.unauthenticated).toBeLessThan(20);
    const tables = (await t.db.introspection.getTables()).filter((table) => !table.name.startsWith('kysely_'));
    for (const table of tables) {
      const texts = table.columns.filter((c) => /char|text/i.test(c.dataType)).map((c) => c.name);
      if (!texts.length) continue;
      const rows = await t.db.selectFrom(table.name as never).select(texts as never[]).execute();
      expect(JSON.stringify(rows).includes('\\u0000'), `NUL stored in ${table.name}`).toBe(false);
    }
  }, 600_000);

  it('the shared validation refuses wrong types and NUL for a schema field', () => {
    const problems = collectProblems(schemas.batch_items.update, { first_name: ['Ana'], last_name: { x: 1 }, email: 'a\u0000@example.com', offset_date: 12 });
    expect(Object.keys(problems).sort()).toEqual(['email', 'first_name', 'last_name', 'offset_date']);
  });

  it('an over-long URL answers a coded body', async () => {
    const res = await admin.get(`/api/shipments/${'9'.repeat(200)}`);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toEqual(expect.any(String));
    const badUrl = await admin.get('/api/shipments/%E0%A4%A');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().code).toBe('bad_request');
  });

  it('an over-long request line on a real connection answers a coded body, and the server lives', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET /api/${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)).code).toBe('bad_request');
    expect((await admin.get('/api/user')).statusCode).toBe(200);
  });
});
