/**
 * CSRF, Laravel Sanctum style: a readable XSRF-TOKEN cookie that the SPA echoes in X-XSRF-TOKEN.
 * Signed-in: the token is the session's csrf_token. Guests: the token is an HMAC of a random,
 * HttpOnly pre-session cookie, so a token only works together with the browser's own cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hmac, randomToken } from './secrets.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const PRESESSION_COOKIE = 'lockerline_presession';
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const guestCsrfToken = (secret: string, presession: string | undefined) =>
  presession ? hmac(secret, `xsrf:${presession}`) : undefined;

export function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  return { path: '/', sameSite: 'lax' as const, httpOnly, secure: request.server.config.production };
}

/** Sets the readable XSRF-TOKEN cookie. */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(XSRF_COOKIE, token, cookieOptions(request, false));
}

/** Gives a guest a pre-session (reusing a present one) and the matching XSRF-TOKEN cookie. */
export function issueGuestCsrf(request: FastifyRequest, reply: FastifyReply, secret: string, fresh = false): void {
  const current = request.cookies[PRESESSION_COOKIE];
  const presession = !fresh && current && current.length >= 40 ? current : randomToken();
  reply.setCookie(PRESESSION_COOKIE, presession, cookieOptions(request, true));
  setXsrfCookie(request, reply, guestCsrfToken(secret, presession)!);
}

export function clearGuestCsrf(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(PRESESSION_COOKIE, cookieOptions(request, true));
}
