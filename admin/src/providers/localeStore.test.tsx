/**
 * The admin's store writes a new language only once the i18nProvider speaks it (providers/localeStore.ts): react-admin
 * re-mounts the whole app, losing unsaved form values, whenever it sees the two disagree.
 */
import { describe, expect, it, vi } from 'vitest';
import { memoryStore } from 'react-admin';
import { catalogueFirst } from './localeStore.js';

function fakeI18n() {
  const pending = new Map<string, () => void>();
  let locale = 'en';
  return {
    getLocale: () => locale,
    changeLocale: vi.fn(
      (next: string) =>
        new Promise<void>((done) =>
          pending.set(next, () => {
            locale = next;
            done();
          }),
        ),
    ),
    finish: (next: string) => pending.get(next)!(),
  };
}

/** A started store, as react-admin's context starts it. */
function started(initial: Record<string, unknown>) {
  const store = memoryStore(initial);
  store.setup();
  return store;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('catalogueFirst', () => {
  it('writes the locale once its catalogue has loaded, and other keys at once', async () => {
    const i18n = fakeI18n();
    const store = catalogueFirst(started({ locale: 'en' }), i18n);
    store.setItem('theme', 'dark');
    expect(store.getItem('theme')).toBe('dark');

    store.setItem('locale', 'es');
    await settle();
    expect(i18n.changeLocale).toHaveBeenCalledWith('es');
    expect(store.getItem('locale')).toBe('en');
    i18n.finish('es');
    await settle();
    expect(store.getItem('locale')).toBe('es');
    expect(i18n.getLocale()).toBe('es');
  });

  it('ends on the last choice when an earlier one finishes loading later', async () => {
    const i18n = fakeI18n();
    const store = catalogueFirst(started({ locale: 'en' }), i18n);
    store.setItem('locale', 'es');
    store.setItem('locale', 'en');
    await settle();
    i18n.finish('en');
    await settle();
    i18n.finish('es');
    await settle();
    expect(store.getItem('locale')).toBe('en');
  });
});
