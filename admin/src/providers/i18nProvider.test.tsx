/** Switching the language also tells the API, which answers in the user's stored language. */
import { describe, expect, it, vi } from 'vitest';
import { api } from './http.js';
import { i18nProvider } from './i18nProvider.js';
import { onLocaleChange } from './locale.js';

vi.mock('./http.js', () => ({ api: vi.fn(async () => ({ data: {} })) }));

describe('i18nProvider.translate', () => {
  it("shows a text as it is, even beside react-admin's `_` default (a delete notice naming its record)", () => {
    expect(i18nProvider.translate('Shipment LL123 deleted.', { smart_count: 1, _: 'Element deleted' })).toBe('Shipment LL123 deleted.');
    expect(i18nProvider.translate('notices.deleted.nothing_such', { _: 'Element deleted' })).toBe('Element deleted');
  });
});

describe('i18nProvider.changeLocale', () => {
  it('PUTs the new language to /api/user/locale once, and not when it is unchanged', async () => {
    const start = i18nProvider.getLocale();
    const other = start === 'es' ? 'en' : 'es';
    await i18nProvider.changeLocale(other);
    expect(api).toHaveBeenCalledWith('user/locale', expect.objectContaining({ method: 'PUT', body: { locale: other } }));
    expect(i18nProvider.translate('ra.action.save')).toBe(other === 'es' ? 'Guardar' : 'Save');
    vi.mocked(api).mockClear();
    await i18nProvider.changeLocale(other);
    expect(api).not.toHaveBeenCalled();
  });

  it("keeps a switch on the customer's pages on the device (no account change)", async () => {
    window.history.pushState({}, '', '/respond/some-token');
    try {
      const other = i18nProvider.getLocale() === 'es' ? 'en' : 'es';
      vi.mocked(api).mockClear();
      await i18nProvider.changeLocale(other);
      expect(i18nProvider.getLocale()).toBe(other);
      expect(document.cookie).toContain(`locale=${other}`);
      expect(api).not.toHaveBeenCalled();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});

describe('i18nProvider resource names inside sentences', () => {
  it('writes "No customers found" in English and "No se han encontrado clientes" in Spanish; titles keep their case', async () => {
    await i18nProvider.changeLocale('en');
    const customers = i18nProvider.translate('resources.batch_items.name', { smart_count: 2 });
    expect(i18nProvider.translate('ra.navigation.no_results', { name: customers })).toBe('No customers found');
    expect(i18nProvider.translate('ra.page.empty', { name: customers })).toBe('No customers yet.');
    expect(i18nProvider.translate('ra.page.create', { name: 'Customer' })).toBe('Create Customer');
    await i18nProvider.changeLocale('es');
    const clientes = i18nProvider.translate('resources.batch_items.name', { smart_count: 2 });
    expect(i18nProvider.translate('ra.navigation.no_results', { name: clientes })).toBe('No se han encontrado clientes');
    expect(i18nProvider.translate('ra.page.empty', { name: clientes })).toBe('Todavía no hay clientes.');
    await i18nProvider.changeLocale('en');
  });
});

describe('i18nProvider language switches in a row', () => {
  it('applies them in the order asked: ES then EN at once ends in English (the Spanish catalogue loads later)', async () => {
    await i18nProvider.changeLocale('en');
    // A fresh copy of the modules: the Spanish catalogue not loaded yet, as on a first switch.
    vi.resetModules();
    const fresh = await import('./i18nProvider.js');
    const freshLocale = await import('./locale.js');
    const toSpanish = fresh.i18nProvider.changeLocale('es');
    const toEnglish = fresh.i18nProvider.changeLocale('en');
    await Promise.all([toSpanish, toEnglish]);
    expect(fresh.i18nProvider.getLocale()).toBe('en');
    expect(freshLocale.getLocale()).toBe('en');
    expect(fresh.i18nProvider.translate('ra.action.save')).toBe('Save');
  });

  it('tells onLocaleChange listeners of each new choice at once, before its catalogue has loaded, and only of changes', async () => {
    await i18nProvider.changeLocale('en');
    const heard: string[] = [];
    const stop = onLocaleChange((locale) => heard.push(locale));
    const switching = i18nProvider.changeLocale('es');
    expect(heard).toEqual(['es']);
    await switching;
    await i18nProvider.changeLocale('es');
    stop();
    await i18nProvider.changeLocale('en');
    expect(heard).toEqual(['es']);
  });
});
