/**
 * react-admin translations from the core catalogues (ra.* keys included), en and es. English is in the
 * first load; Spanish is a separate chunk fetched on the first switch to it (or at start-up, see
 * `i18nReady`). Changing the language persists it (localStorage, `locale` cookie, <html lang>, and
 * PUT /api/user/locale).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { en } from '../../../core/i18n/en.js';
import { sentenceCaseName } from '../../../core/i18n/sentence-case.js';
import { isPublicPath } from '../layout/guard.js';
import { getLocale, persistLocale } from './locale.js';
import { api } from './http.js';

/**
 * Saves the language on the account (or, signed out, the guest cookie) so the API answers in it. Best effort: a
 * failure leaves the interface switched and only the API's language unchanged.
 */
export function saveLocale(locale: string): void {
  api('user/locale', { method: 'PUT', body: { locale }, suppress: [0, 401, 403, 419, 422, 429, 500, 503] }).catch(() => undefined);
}

type Spanish = typeof import('./spanish.js');
let spanish: Spanish | undefined;

async function loadSpanish(): Promise<TranslationMessages> {
  spanish ??= await import('./spanish.js');
  return spanish.es as unknown as TranslationMessages;
}

const base = polyglotI18nProvider(
  // ra-i18n-polyglot needs the start locale's messages synchronously: it starts in English and
  // `i18nReady` switches to the stored language before the first render.
  (locale) => (locale === 'es' ? loadSpanish() : (en as unknown as TranslationMessages)),
  'en',
  [
    { locale: 'en', name: 'English' },
    { locale: 'es', name: 'Español' },
  ],
  // Missing keys fall back to the key's `_` default or the key itself instead of warning.
  { allowMissing: true },
);

/**
 * One language change at a time, in the order asked: the Spanish catalogue loads asynchronously, so a tap on ES then
 * EN (or the app's start-up switch and a tap meanwhile) would otherwise end in whichever load finished last, with
 * the switch showing the other language.
 */
let switching: Promise<void> = Promise.resolve();
function switchTo(locale: string, options?: unknown): Promise<void> {
  const next = switching.catch(() => undefined).then(() => base.changeLocale(locale, options));
  switching = next;
  return next;
}

/** Resource names inside sentences in lower case: "No customers found", "Crear envío" (core/i18n/sentence-case.ts). */
const adjust = <T>(key: string, options: T): T => sentenceCaseName(base.getLocale(), key, options);

/**
 * Resolves once the stored language's catalogue is loaded: main.tsx renders after it, so a Spanish
 * user never sees English first. A failed load leaves the interface in English (the choice is kept).
 */
export const i18nReady: Promise<void> = (() => {
  const start = persistLocale(getLocale());
  return start === 'en' ? Promise.resolve() : switchTo(start).catch(() => undefined);
})();

/** A key never holds a space; a message that does (and has no placeholder to fill) is already a text. */
const isText = (key: string) => /\s/.test(key) && !key.includes('%{');

export const i18nProvider: I18nProvider = {
  ...base,
  // A text is shown as it is, even with react-admin's `_` default beside it (a delete notice naming its record).
  translate: (key, options) => (isText(key) ? key : base.translate(key, adjust(key, options))),
  changeLocale(locale, options) {
    const previous = getLocale();
    persistLocale(locale);
    // Tell the API too (the signed-in user's locale, or the guest cookie): it answers, e.g. 422 field
    // messages, in the user's stored language, which would otherwise stay the old one. Not from the
    // customer's pages: they open in the customer's language, which must not become the account's
    // language of a staff member who opens such a link while signed in (the device keeps it).
    if (locale !== previous && !isPublicPath(globalThis.location?.pathname ?? '')) saveLocale(locale);
    return switchTo(locale, options);
  },
};
