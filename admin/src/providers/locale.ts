/**
 * The interface language: persisted in localStorage and in a `locale` cookie (so the API can answer in
 * the same language before sign-in), mirrored on <html lang>, and sent as Accept-Language.
 */
import { isLocale, localeOr, type Locale } from '../../../core/constants.js';

export { isLocale };

const STORAGE_KEY = 'locale';

function readStored(): Locale | null {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

function fromBrowser(): Locale {
  const lang = globalThis.navigator?.language?.slice(0, 2).toLowerCase();
  return localeOr(lang);
}

let current: Locale = readStored() ?? fromBrowser();
// <html lang> as early as the app loads (no inline script: the CSP allows only 'self' scripts).
if (typeof document !== 'undefined') document.documentElement.lang = current;

export const getLocale = (): Locale => current;

const listeners = new Set<(locale: Locale) => void>();

/** Called with each new language as it is chosen (before its catalogue has loaded); returns the unsubscribe. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function persistLocale(locale: string): Locale {
  const previous = current;
  current = localeOr(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, current);
  } catch {
    /* private mode: the cookie and memory still carry it */
  }
  if (typeof document !== 'undefined') {
    document.cookie = `locale=${current}; path=/; max-age=31536000; SameSite=Lax`;
    document.documentElement.lang = current;
  }
  if (current !== previous) for (const listener of listeners) listener(current);
  return current;
}
