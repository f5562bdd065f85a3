/**
 * Every /api route declares how it is guarded (issue 9: a new endpoint cannot land unguarded):
 * - `permission`: a named permission of core/policies/route.permissions (set by `requirePermission(...)`);
 * - `crud`: the CRUD gate of its resource (core/permissions crudRefusal; `requireCrud(...)` or checked in the handler);
 * - `access: 'session'`: any signed-in user, the record's policy decides inside (set by `requireAuth`);
 * - `access: 'public'`: no sign-in needed (sign-in itself, the CSRF cookie, the customer's pages);
 * - `access: 'terminal'`: a locker terminal's own credential, not a user (api/lockers/terminal-auth.ts).
 * A guard preHandler carries its declaration, so `preHandler: requirePermission('packages.fetch')` declares
 * itself; routes that check inside the handler say so with one config line. The onRoute hook below copies the
 * declaration into `config.guard` (read by tests and docs) and refuses to start when a route has none.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { CrudAction, ResourceName } from '../../core/permissions.js';
import type { Permission } from '../../core/policies/route.permissions.js';

export type RouteGuard =
  | { permission: Permission }
  | { crud: ResourceName; action?: CrudAction }
  | { access: 'public' | 'session' | 'terminal' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route is guarded; required under /api (api/plugins/route-guard.ts). */
    guard?: RouteGuard;
  }
}

const GUARD = Symbol('route guard');

/** Marks a preHandler as the guard it enforces, so routes using it need no separate declaration. */
export function declaresGuard<F extends (...args: never[]) => unknown>(guard: RouteGuard, handler: F): F {
  return Object.assign(handler, { [GUARD]: guard });
}

function guardOf(route: RouteOptions): RouteGuard | undefined {
  const declared = (route.config as { guard?: RouteGuard } | undefined)?.guard;
  if (declared) return declared;
  for (const handler of [route.preHandler ?? []].flat()) {
    const tagged = (handler as { [GUARD]?: RouteGuard })[GUARD];
    if (tagged) return tagged;
  }
  return undefined;
}

export interface GuardedRoute {
  method: string;
  url: string;
  guard: RouteGuard;
}

const registered = new WeakMap<FastifyInstance, GuardedRoute[]>();

/** The /api routes the app registered, each with its guard (docs/permissions.md is generated from them). */
export const guardedRoutes = (app: FastifyInstance): readonly GuardedRoute[] => registered.get(app) ?? [];

/** The start-up check: throws while registering an /api route that declares no guard. */
export function routeGuardPlugin(app: FastifyInstance): void {
  const routes: GuardedRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const guard = guardOf(route);
    if (!guard) throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no guard (config.guard or a guard preHandler): see api/plugins/route-guard.ts`);
    route.config = { ...(route.config as object), guard } as typeof route.config;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, guard });
  });
}
