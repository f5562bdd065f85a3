/**
 * Every /api route declares how it is guarded (issue 9: a new endpoint cannot land unguarded):
 * - `permission`: a named permission of core/policies/route.permissions (set by `requirePermission(...)`);
 * - `crud`: the CRUD gate of its resource (core/permissions crudRefusal; `requireCrud(...)` or checked in the handler);
 * - `access: 'session'`: any signed-in user, the record's policy decides inside (set by `requireAuth`);
 * - `access: 'public'`: no sign-in needed (sign-in itself, the CSRF cookie, the customer's pages);
 * - `access: 'terminal'`: a locker terminal's own credential, not a user (api/lockers/terminal-auth.ts).
 * A guard preHandler carries its declaration, so `preHandler: requirePermission('packages.fetch')` declares
 * itself; a route may instead declare it with one config line (`config: { guard }`), and the onRoute hook below
 * then puts the guard's enforcing preHandler first (api/plugins/auth.ts guardHandler), so a declared guard
 * always refuses and is never only a label. The hook copies the declaration into `config.guard` (read by tests
 * and docs) and refuses to start when a route has none, or when a CRUD gate does not name its action.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { CrudAction, ResourceName } from '../../core/permissions.js';
import type { Permission } from '../../core/policies/route.permissions.js';

export type RouteGuard =
  | { permission: Permission }
  | { crud: ResourceName; action: CrudAction }
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

/** The guard a preHandler of the route enforces, if any. */
function enforcedGuard(route: RouteOptions): RouteGuard | undefined {
  for (const handler of [route.preHandler ?? []].flat()) {
    const tagged = (handler as { [GUARD]?: RouteGuard })[GUARD];
    if (tagged) return tagged;
  }
  return undefined;
}

/** Builds the preHandler that enforces a guard (api/plugins/auth.ts guardHandler). */
export type GuardEnforcer = (guard: RouteGuard) => (request: FastifyRequest) => Promise<void>;

export interface GuardedRoute {
  method: string;
  url: string;
  guard: RouteGuard;
}

const registered = new WeakMap<FastifyInstance, GuardedRoute[]>();

/** The /api routes the app registered, each with its guard (docs/permissions.md is generated from them). */
export const guardedRoutes = (app: FastifyInstance): readonly GuardedRoute[] => registered.get(app) ?? [];

/**
 * The start-up check: throws while registering an /api route that declares no guard. A guard declared only
 * in `config` gets its enforcing preHandler (`enforce`) put first.
 */
export function routeGuardPlugin(app: FastifyInstance, enforce: GuardEnforcer): void {
  const routes: GuardedRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const declared = (route.config as { guard?: RouteGuard } | undefined)?.guard;
    const enforced = enforcedGuard(route);
    const guard = declared ?? enforced;
    if (!guard) throw new Error(`${name} declares no guard (config.guard or a guard preHandler): see api/plugins/route-guard.ts`);
    if ('crud' in guard && !guard.action) throw new Error(`${name}: a CRUD gate names its action`);
    if (declared && !enforced) route.preHandler = [enforce(declared), ...[route.preHandler ?? []].flat()] as typeof route.preHandler;
    route.config = { ...(route.config as object), guard } as typeof route.config;
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, guard });
  });
}
