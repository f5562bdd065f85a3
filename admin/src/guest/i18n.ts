/**
 * The guest pages' translations: the admin's i18nProvider (same catalogues, same persistence of the choice,
 * Spanish fetched on first use) without react-admin's context around it.
 */
import { useSyncExternalStore } from 'react';
import type { Locale } from '../../../core/constants.js';
import { i18nProvider } from '../providers/i18nProvider.js';

const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Switches the language (and tells the API, as the app bar's switch does); re-renders the guest pages. */
export async function setGuestLocale(locale: Locale): Promise<void> {
  await i18nProvider.changeLocale(locale);
  version += 1;
  for (const listener of listeners) listener();
}

export type GuestTranslate = (key: string, params?: Record<string, unknown>) => string;

export function useGuestI18n(): { translate: GuestTranslate; locale: string } {
  useSyncExternalStore(subscribe, () => version);
  return { translate: (key, params) => i18nProvider.translate(key, params), locale: i18nProvider.getLocale() };
}
