/**
 * Request locale: the `locale` cookie (the language this browser shows: set at sign-in to the account's and on
 * every switch), else the signed-in user's saved locale (set later by the auth plugin: a bearer token's requests, a
 * browser without the cookie), else Accept-Language. request.t translates into it. The browser's own choice wins
 * over the account's: a user who switched to Spanish on another device still gets this screen's language in its
 * error messages (docs/i18n.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, makeTranslator, pickLocale } from '../../core/i18n/index.js';
import type { Locale } from '../../core/constants.js';

export const LOCALE_COOKIE = 'locale';

export function setRequestLocale(request: FastifyRequest, locale: Locale): void {
  request.locale = locale;
  request.t = makeTranslator(locale);
}

/**
 * A signed-in browser's request: its own `locale` cookie (already applied by the onRequest hook below), else the
 * account's saved language.
 */
export function setSessionLocale(request: FastifyRequest, saved: string | null | undefined): void {
  if (!isLocale(request.cookies?.[LOCALE_COOKIE]) && isLocale(saved)) setRequestLocale(request, saved);
}

export function i18nPlugin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies?.[LOCALE_COOKIE];
    setRequestLocale(request, isLocale(cookie) ? cookie : pickLocale(request.headers['accept-language']));
  });
}
