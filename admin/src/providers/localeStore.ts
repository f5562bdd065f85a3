/**
 * react-admin's store with one change: a new language reaches its `locale` entry only once that language's catalogue
 * has loaded (i18nProvider.changeLocale resolved).
 *
 * Why: ra-core's I18nContextProvider watches that entry, and when it differs from `i18nProvider.getLocale()` it calls
 * changeLocale and then re-mounts the whole app (a `key` bump, "force full page re-render"), which threw away every
 * unsaved form value and anything else held in a component's state. Switched here first, the provider already
 * speaks the new language when react-admin sees it, so react-admin changes nothing; `FollowLocale`
 * (layout/AdminShell.tsx) re-renders the translated texts instead. Every way of choosing a language goes through
 * here: the app bar's EN/ES, the profile's save, useLocaleState() anywhere, the sign-in page's buttons (AdminApp.tsx).
 *
 * Meanwhile the switch keeps showing the language still on screen, so the switch and the texts always agree.
 * Choices made in a quick row end on the last one: an earlier language whose load ends later is not written.
 */
import type { I18nProvider, Store } from 'react-admin';

export function catalogueFirst(store: Store, i18n: Pick<I18nProvider, 'changeLocale'>): Store {
  let wanted: unknown;
  return {
    ...store,
    setItem(key, value) {
      if (key !== 'locale') return store.setItem(key, value);
      wanted = value;
      // A failed load still writes it: react-admin then tries once more and says it could not (its own notice).
      void Promise.resolve()
        .then(() => i18n.changeLocale(String(value)))
        .catch(() => undefined)
        .then(() => {
          if (wanted === value) store.setItem(key, value);
        });
    },
  };
}
