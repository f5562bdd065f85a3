/**
 * Request locale: the signed-in user's locale (set later by the auth plugin), else the `locale`
 * cookie, else Accept-Language. request.t translates into it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, makeTranslator, pickLocale } from '../../core/i18n/index.js';
import type { Locale } from '../../core/constants.js';

export const LOCALE_COOKIE = 'locale';

export function setRequestLocale(request: FastifyRequest, locale: Locale): void {
  request.locale = locale;
  request.t = makeTranslator(locale);
}

export function i18nPlugin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies?.[LOCALE_COOKIE];
    setRequestLocale(request, isLocale(cookie) ? cookie : pickLocale(request.headers['accept-language']));
  });
}
