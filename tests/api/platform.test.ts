/** Platform: JSON 404s, 500 bodies, OpenAPI, query parsing, security headers, SPA fallback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { DomainError } from '../../core/errors.js';
import { createTestApp, guest, login, type TestApp } from './helpers.js';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'not_found', message: 'The item you requested could not be found.' });
    const es = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'accept-language': 'es' } });
    expect(es.json().message).not.toBe(res.json().message);
  });

  it('serves the OpenAPI document at /api/docs/json and the UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/csrf-cookie', '/api/user']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeTruthy();
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const client = await guest(t.app);
    const res = await client.request({ method: 'POST', url: '/api/login', body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('answers a deeply nested body with a coded 400 in the user\'s language, not a 500', async () => {
    const client = await guest(t.app, { 'accept-language': 'es' });
    for (const [open, close] of [['{"a":', '}'], ['[', ']']]) {
      const body = `{"email":${open.repeat(20_000)}1${close.repeat(20_000)},"password":"x"}`;
      const res = await client.request({ method: 'POST', url: '/api/login', body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'bad_request', message: 'No se ha podido procesar la solicitud.' });
    }
    // A few levels, as the API's own bodies have, are read as usual (here refused by the field's shape).
    const shallow = await client.request({ method: 'POST', url: '/api/login', body: '{"email":{"a":{"b":[1]}},"password":"x"}', headers: { 'content-type': 'application/json' } });
    expect(shallow.statusCode).toBe(422);
  });

  it('answers a body over the limit with a coded 413 that says the limit and where files go, in the user\'s language', async () => {
    const client = await guest(t.app);
    const huge = JSON.stringify({ email: 'x'.repeat(3 * 1024 * 1024) });
    const res = await client.request({ method: 'POST', url: '/api/login', body: huge, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'request_too_large', message: 'The request is too large (the limit is 2 MB). Files go through the import, which takes up to 20 MB.' });
    const es = await client.request({ method: 'POST', url: '/api/login', body: huge, headers: { 'content-type': 'application/json', 'accept-language': 'es' } });
    expect(es.json().message).toBe('La solicitud es demasiado grande (el límite es de 2 MB). Los archivos van por la importación, que admite hasta 20 MB.');
  });
});

describe('errors and queries on routes', () => {
  let t: TestApp;
  const secret = 'postgres://admin:hunter2@db.internal/lockerline';
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        // Test-only routes declare a guard like every /api route (api/plugins/route-guard.ts).
        const config = { guard: { access: 'public' as const } };
        app.get('/api/test/boom', { config }, async () => {
          throw new Error(`connection failed: ${secret}`);
        });
        app.get('/api/test/query', { config }, async (request) => request.query);
        app.get('/api/test/domain', { config }, async () => {
          throw new DomainError('validation.failed', undefined, { fields: { name: 'validation.required', code: 'Already used' } });
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('500 bodies leak nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('server_error');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('connection failed');
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('parses indexed-bracket query strings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/query?filters[status][0]=20&filters[status][1]=30&ids[0]=1&ids[1]=2&page=2' });
    expect(res.json()).toEqual({ filters: { status: ['20', '30'] }, ids: ['1', '2'], page: '2' });
  });

  it('says what a malformed request got wrong in the user\'s language, in the request\'s own terms', async () => {
    const client = await login(t.app, 'superadmin@example.com');
    const en = await client.get('/api/shipments?filters[status]=abc');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 'bad_request', message: 'The request could not be processed: filters[status] must be an integer' });
    await client.put('/api/user/locale', { locale: 'es' });
    const cases: [string, string][] = [
      ['/api/shipments?filters[status]=abc', 'filters[status] debe ser un número entero'],
      ['/api/shipments?filters[paid]=2', 'filters[paid] debe ser 0 o 1'],
      ['/api/shipments?filters=x', 'filters debe ser un objeto'],
    ];
    for (const [url, detail] of cases) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 'bad_request', message: `No se ha podido procesar la solicitud: ${detail}` });
    }
    const body = await client.request({ method: 'PUT', url: '/api/user/locale', body: '[1]', headers: { 'content-type': 'application/json' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('No se ha podido procesar la solicitud: body debe ser un objeto');
  });

  it('translates the field messages of domain errors', async () => {
    const client = await login(t.app, 'support@example.com');
    await client.put('/api/user/locale', { locale: 'es' });
    const res = await client.get('/api/test/domain');
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation.failed');
    expect(body.errors.code).toBe('Already used');
    expect(body.errors.name).not.toBe('validation.required');
    expect(body.errors.name).not.toBe('This field is required.');
  });
});

describe('static admin', () => {
  let t: TestApp;
  let dir: string;
  // Written like the build does (admin/vite.config.ts): a hashed asset and index.html, each with .br and .gz beside it.
  const script = `console.log("admin");\n${'export const filler = "lockerline";\n'.repeat(100)}`;
  const html = '<!doctype html><title>Lockerline admin</title><div id="root"></div>';
  const writeCompressed = (path: string, content: string) => {
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lockerline-admin-'));
    mkdirSync(join(dir, 'assets'));
    writeCompressed(join(dir, 'index.html'), html);
    writeCompressed(join(dir, 'assets', 'app-B1a2c3D4.js'), script);
    // The installable app (admin/build/pwa.ts): the service worker and the manifest sit at the root.
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Lockerline"}');
    t = await createTestApp({ seed: false, config: { adminDir: dir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves files and answers deep links with index.html', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-B1a2c3D4.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe(script);
    for (const url of ['/', '/shipments/12/show', '/users/profile?x=1', '/signin']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Lockerline admin');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/shipments-nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });

  it('sends the pre-compressed copy the browser accepts (Brotli first, then gzip, else the file)', async () => {
    const get = (url: string, encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/assets/app-B1a2c3D4.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await get('/assets/app-B1a2c3D4.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-B1a2c3D4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    for (const url of ['/', '/signin']) {
      const page = await get(url, 'br');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html);
    }
  });

  it('caches hashed assets for a year (immutable) and revalidates index.html on every visit', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-B1a2c3D4.js', headers: { 'accept-encoding': encoding } });
      expect(asset.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/signin', '/shipments/12']) {
        const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(page.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
      }
    }
  });

  it('serves the service worker and the manifest from the root, revalidated on every visit (a new deploy is found at once)', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['service-worker-allowed']).toBeUndefined(); // its scope is where it sits: /
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // The CSP lets the page register a worker and read a manifest of its own origin (default-src 'self').
    expect(sw.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(sw.headers['content-security-policy']).not.toMatch(/worker-src|manifest-src/);
  });
});
