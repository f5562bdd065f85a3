/**
 * react-admin's copy of the language follows every choice made while the admin app is mounted, also one made outside
 * react-admin: the sign-in page stays on screen, its EN/ES buttons live, while the app renders behind it.
 */
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { mountAdmin } from './AdminApp.js';
import { adminStore } from './layout/AdminShell.js';
import { i18nProvider } from './providers/i18nProvider.js';

vi.mock('./providers/http.js', async (original) => ({ ...(await original<object>()), api: vi.fn(async () => ({ data: {} })) }));

describe('mountAdmin', () => {
  it("keeps react-admin's language on the last choice, even before that language's catalogue has loaded", async () => {
    await i18nProvider.changeLocale('en');
    const root = { render: vi.fn(), unmount: vi.fn() } as unknown as Root;
    const unmount = mountAdmin(root);
    expect(adminStore.getItem('locale')).toBe('en');
    const switching = i18nProvider.changeLocale('es'); // the sign-in page's ES, as the app starts
    expect(adminStore.getItem('locale')).toBe('es');
    await switching;
    unmount();
    await i18nProvider.changeLocale('en'); // after the app has gone, its store no longer follows
    expect(adminStore.getItem('locale')).toBe('es');
  });
});
