/**
 * react-admin translations from the core catalogues (ra.* keys included), en and es.
 * Changing the language persists it (localStorage, `locale` cookie, <html lang>).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { messages } from '../../../core/i18n/index.js';
import { getLocale, isLocale, persistLocale } from './locale.js';

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
    persistLocale(locale);
    return base.changeLocale(locale, options);
  },
};
