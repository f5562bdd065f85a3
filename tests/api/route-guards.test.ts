/**
 * Every route the server registers declares its guard (api/plugins/route-guard.ts), buildApp refuses a route
 * without one, and each route guarded by a named permission (core/policies/route.permissions) or by the CRUD
 * gate of a verb (core/permissions crudRefusal) really refuses every role the rule excludes: 403/404, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type RouteOptions } from 'fastify';
import { routeGuardPlugin, type RouteGuard } from '../../api/plugins/route-guard.js';
import { guardHandler } from '../../api/plugins/auth.js';
import { crudRefusal } from '../../core/permissions.js';
import { can } from '../../core/policies/route.permissions.js';
import { ROLES } from '../../core/roles.js';
import { DEMO_ACCOUNTS } from '../../fixtures/demo.js';
import { createTestApp, login, rowCounts, type Client, type TestApp } from './helpers.js';

interface GuardedRoute {
  method: string;
  url: string;
  guard?: RouteGuard;
}

/** One demo account per role (the merchant roles: Acme's). */
const ACCOUNT_OF_ROLE = Object.values(ROLES).map((role) => DEMO_ACCOUNTS.find((a) => a.roleBit === role && a.merchant !== 'globex')!);

/** True when the guard lets an actor of this role (and Acme's features when a merchant role) through. */
function guardAdmits(guard: RouteGuard, role: number, features: number): boolean {
  if ('permission' in guard) return can({ role }, guard.permission);
  if ('crud' in guard) return crudRefusal({ role, features }, guard.crud, guard.action) === null;
  return true;
}

describe('route guards', () => {
  let t: TestApp;
  const routes: GuardedRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      beforeRoutes: (app) => {
        app.addHook('onRoute', (route: RouteOptions) => {
          if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
          for (const method of [route.method].flat())
            if (method !== 'HEAD') routes.push({ method, url: route.url, guard: (route.config as { guard?: RouteGuard } | undefined)?.guard });
        });
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('every /api route declares a permission, a CRUD gate, or public/session access', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.guard).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const kinds = new Set(routes.map((r) => Object.keys(r.guard!)[0]));
    expect([...kinds].sort()).toEqual(['access', 'crud', 'permission']);
  });

  it('the start-up check (used by buildApp) refuses an /api route that declares no guard', async () => {
    const app = Fastify();
    routeGuardPlugin(app, guardHandler);
    expect(() => app.get('/api/unguarded', async () => ({}))).toThrow(/GET \/api\/unguarded declares no guard/);
    expect(() => app.get('/api/crud-without-action', { config: { guard: { crud: 'shipments' } as unknown as RouteGuard } }, async () => ({}))).toThrow(/names its action/);
    app.get('/api/declared', { config: { guard: { access: 'public' } } }, async () => ({}));
    app.get('/elsewhere', async () => ({}));
    await app.close();
  });

  it('a guard declared only in config is enforced, not just a label (the plugin puts its preHandler first)', async () => {
    const app = Fastify();
    const enforced: RouteGuard[] = [];
    routeGuardPlugin(app, (guard) => async (request) => {
      enforced.push(guard);
      if (request.headers['x-role'] !== 'allowed') throw Object.assign(new Error('refused'), { statusCode: 403 });
    });
    let ran = 0;
    app.get('/api/export-like', { config: { guard: { crud: 'shipments', action: 'list' } } }, async () => ({ ran: ++ran }));
    expect((await app.inject({ url: '/api/export-like' })).statusCode).toBe(403);
    expect(ran).toBe(0);
    expect((await app.inject({ url: '/api/export-like', headers: { 'x-role': 'allowed' } })).statusCode).toBe(200);
    expect(enforced).toEqual([{ crud: 'shipments', action: 'list' }, { crud: 'shipments', action: 'list' }]);
    await app.close();
  });

  it('each permission- or verb-guarded route refuses every role its rule excludes, and writes nothing', async () => {
    const fingerprint = rowCounts(t.db);
    const acme = t.db.selectFrom('users').select('merchant_id').where('email', '=', 'merchant.admin@example.com');
    const features = Number((await t.db.selectFrom('merchants').select('features').where('id', '=', acme).executeTakeFirstOrThrow()).features);
    // Every permission and CRUD gate (CRUD, verbs, imports, exports); record-level answers are the access matrix test's.
    const checked = routes.filter((r) => r.guard && ('permission' in r.guard || 'crud' in r.guard));
    expect(checked.length).toBeGreaterThan(70);
    const failures: string[] = [];
    let refusals = 0;
    for (const account of ACCOUNT_OF_ROLE) {
      let client: Client | undefined;
      for (const route of checked) {
        if (guardAdmits(route.guard!, account.roleBit, account.merchant ? features : 0)) continue;
        client ??= await login(t.app, account.email);
        const before = await fingerprint();
        const url = route.url.replace(/:[A-Za-z_]+/g, '1');
        const res = await client.request({ method: route.method, url, body: route.method === 'GET' ? undefined : {} });
        refusals++;
        const where = `${account.email} ${route.method} ${route.url} -> ${res.statusCode}`;
        if (res.statusCode !== 403 && res.statusCode !== 404) failures.push(where);
        if ((await fingerprint()) !== before) failures.push(`${where} wrote although refused`);
      }
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(50);
  }, 120_000);
});
