/**
 * react-admin translations from the core catalogues (ra.* keys included), en and es.
 * Changing the language persists it (localStorage, `locale` cookie, <html lang>, and PUT /api/user/locale).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { messages } from '../../../core/i18n/index.js';
import { getLocale, isLocale, persistLocale } from './locale.js';
import { api } from './http.js';

/** Best effort: a failure leaves the interface switched and only the API's language unchanged. */
function saveLocale(locale: string): void {
  api('user/locale', { method: 'PUT', body: { locale }, suppress: [0, 401, 403, 419, 422, 429, 500, 503] }).catch(() => undefined);
}

const base = polyglotI18nProvider(
  (locale) => (messages as unknown as Record<string, TranslationMessages>)[isLocale(locale) ? locale : 'en'],
  persistLocale(getLocale()),
  [
    { locale: 'en', name: 'English' },
    { locale: 'es', name: 'Español' },
  ],
  // Missing keys fall back to the key's `_` default or the key itself instead of warning.
  { allowMissing: true },
);

export const i18nProvider: I18nProvider = {
  ...base,
  changeLocale(locale, options) {
    const previous = getLocale();
    persistLocale(locale);
    // Tell the API too (the signed-in user's locale, or the guest cookie): it answers, e.g. 422 field
    // messages, in the user's stored language, which would otherwise stay the old one.
    if (locale !== previous) saveLocale(locale);
    return base.changeLocale(locale, options);
  },
};
