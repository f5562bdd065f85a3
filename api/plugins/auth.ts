/**
 * Authentication for every /api request: a bearer API token (no CSRF) or the session cookie (CSRF
 * checked on POST/PUT/PATCH/DELETE, and on a GET that changes something: `config: { csrf: 'always' }`).
 * Sets request.actor (null for guests) and the user's locale.
 * Routes opt out of the CSRF check with `config: { csrf: false }` (public customer endpoints only).
 * Also exports the preHandler guards routes use.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { actorHasFeature, crudRefusal, type CrudAction, type ResourceName } from '../../core/permissions.js';
import { can, type Permission } from '../../core/policies/route.permissions.js';
import { isLocale } from '../../core/i18n/index.js';
import type { RequestActor } from '../http/context.js';
import { loadActor } from '../auth/actor.js';
import { findApiTokenUser } from '../auth/api-tokens.js';
import { SESSION_COOKIE, deleteSession, findSession, touchSession, type SessionRow } from '../auth/sessions.js';
import { PRESESSION_COOKIE, UNSAFE_METHODS, XSRF_HEADER, guestCsrfToken } from '../auth/csrf.js';
import { safeEqual, sha256 } from '../auth/secrets.js';
import { ACTOR_CACHE_TTL_MS, ActorCache, clusterPeers } from '../auth/actor-cache.js';
import type { Db } from '../db/database.js';
import { iso } from '../clock.js';
import { setRequestLocale, setSessionLocale } from './i18n.js';
import { declaresGuard, type RouteGuard } from './route-guard.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route does not check the CSRF token (it must not rely on the session cookie). 'always': a GET that
     * changes something (the SPEC's GET bulk print registers drafts, GET request-token replaces the API token) checks
     * it too when the session cookie signs it in: SameSite=Lax sends that cookie on a top-level GET from another site.
     */
    csrf?: boolean | 'always';
  }
  interface FastifyRequest {
    /** The live session row when the request authenticated by cookie. */
    session?: SessionRow;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * `database` (optional) turns on the 2-second in-process actor cache when it reports its writes
 * (api/auth/actor-cache.ts; in a cluster worker, invalidated across workers through the primary); ACTOR_CACHE=0
 * turns it off, ACTOR_CACHE_TTL_MS changes the 2 s.
 */
export function authPlugin(app: FastifyInstance, secret: string, database?: Db): void {
  app.decorateRequest('session', undefined);
  const peers = database ? clusterPeers(database) : undefined;
  const cache = database?.watchWrites && process.env.ACTOR_CACHE !== '0' ? new ActorCache(Number(process.env.ACTOR_CACHE_TTL_MS) || ACTOR_CACHE_TTL_MS, peers) : undefined;
  if (cache) {
    const unwatch = database!.watchWrites!(cache.onWrite);
    const unlisten = peers?.listen(() => cache.clear());
    app.addHook('onClose', async () => {
      unwatch();
      unlisten?.();
    });
  }

  app.addHook('onRequest', async (request) => {
    request.actor = null;
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    const { db, clock } = app;

    const token = bearerToken(request);
    if (token) {
      const found = await findApiTokenUser(db, clock, token);
      if (found) {
        request.actor = await loadActor(db, found.user, 'token', { tokenId: found.tokenId });
        if (isLocale(found.user.locale)) setRequestLocale(request, found.user.locale);
        return; // a live token: the session cookie is ignored, so there is nothing to forge
      }
      // An unknown, revoked or inactive user's token makes a guest (the session cookie is still ignored), and a
      // guest's POST/PUT/PATCH/DELETE needs its CSRF token like any other: a made-up bearer header must not
      // skip the check (it used to, so a sign-in could be posted without the XSRF header).
    }

    const cookie = token ? undefined : request.cookies[SESSION_COOKIE];
    if (cookie) {
      const sessionId = sha256(cookie);
      const cached = cache?.get(sessionId);
      if (cached && cached.session.expires_at > iso(clock.now())) {
        request.session = cached.session;
        request.actor = cached.actor;
        setSessionLocale(request, cached.actor.user.locale);
        await touchSession(db, clock, cached.session); // a write (once a minute) also empties the cache
      } else {
        const epoch = cache?.epoch ?? 0;
        const session = await findSession(db, clock, cookie);
        if (session) {
          const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
          if (user && user.active === 1) {
            request.session = session;
            request.actor = await loadActor(db, user, 'session', { sessionId: session.id });
            setSessionLocale(request, user.locale);
            await touchSession(db, clock, session);
            cache?.set(sessionId, { session, actor: request.actor }, epoch);
          } else {
            await deleteSession(db, session.id);
          }
        }
      }
    }

    const csrf = request.routeOptions.config?.csrf;
    if ((UNSAFE_METHODS.has(request.method) && csrf !== false) || (csrf === 'always' && request.session)) {
      const expected = request.session
        ? request.session.csrf_token
        : guestCsrfToken(secret, request.cookies[PRESESSION_COOKIE]);
      const sent = request.headers[XSRF_HEADER];
      if (!safeEqual(typeof sent === 'string' ? sent : undefined, expected)) throw new DomainError('csrf_mismatch');
    }
  });
}

/** 401 when nobody is signed in (any signed-in user passes; the record's policy decides inside). */
export const requireAuth = declaresGuard({ access: 'session' }, async (request: FastifyRequest): Promise<void> => {
  if (!request.actor) throw new DomainError('auth.unauthenticated');
});

export function signedInActor(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new DomainError('auth.unauthenticated');
  return request.actor;
}

/** 401 when signed out, 403 `forbidden` without the named permission (core/policies/route.permissions). */
export function requirePermission(permission: Permission) {
  return declaresGuard({ permission }, async (request: FastifyRequest) => {
    const actor = signedInActor(request);
    if (!can(actor, permission)) throw new DomainError('forbidden');
  });
}

/** 401 when signed out, 403 `feature_disabled` when the merchant lacks the feature. */
export function requireFeature(feature: number) {
  return async (request: FastifyRequest) => {
    const actor = signedInActor(request);
    if (!actorHasFeature(actor, feature)) throw new DomainError('feature_disabled');
  };
}

const noGuard = async (): Promise<void> => undefined;

/** The preHandler enforcing a guard a route declared in `config` (api/plugins/route-guard.ts puts it first). */
export function guardHandler(guard: RouteGuard): (request: FastifyRequest) => Promise<void> {
  if ('permission' in guard) return requirePermission(guard.permission);
  if ('crud' in guard) return requireCrud(guard.crud, guard.action);
  return guard.access === 'session' ? requireAuth : noGuard;
}

/** The RESOURCES policy: 401 signed out, 403 `forbidden` (role), 403 `feature_disabled` (merchant). */
export function requireCrud(resource: ResourceName, action: CrudAction) {
  return declaresGuard({ crud: resource, action }, async (request: FastifyRequest) => {
    const refusal = crudRefusal(signedInActor(request), resource, action);
    if (refusal) throw new DomainError(refusal);
  });
}
