/**
 * react-admin's copy of the language follows every choice made while the admin app is mounted, also one made outside
 * react-admin: the sign-in page stays on screen, its EN/ES buttons live, while the app renders behind it. It is written
 * only once the language's catalogue has loaded, so react-admin never sees its i18nProvider lag behind (which would
 * make it re-mount the app and lose unsaved form values: providers/localeStore.ts).
 */
import type { Root } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { mountAdmin } from './AdminApp.js';
import { adminStore } from './layout/AdminShell.js';
import { i18nProvider } from './providers/i18nProvider.js';

vi.mock('./providers/http.js', async (original) => ({ ...(await original<object>()), api: vi.fn(async () => ({ data: {} })) }));

describe('mountAdmin', () => {
  it("keeps react-admin's language on the last choice, written once that language's catalogue has loaded", async () => {
    await i18nProvider.changeLocale('en');
    const root = { render: vi.fn(), unmount: vi.fn() } as unknown as Root;
    const unmount = mountAdmin(root);
    await vi.waitFor(() => expect(adminStore.getItem('locale')).toBe('en'));
    const switching = i18nProvider.changeLocale('es'); // the sign-in page's ES, as the app starts
    await switching;
    await vi.waitFor(() => expect(adminStore.getItem('locale')).toBe('es'));
    expect(i18nProvider.getLocale()).toBe('es');
    unmount();
    await i18nProvider.changeLocale('en'); // after the app has gone, its store no longer follows
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(adminStore.getItem('locale')).toBe('es');
  });
});
