/** Content types on the preferences page: Enter adds one; a refused one stays in the field with the reason; Save takes a typed one too. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { en } from '../../../core/i18n/index.js';
import { FEATURES } from '../../../core/features.js';
import { ROLES } from '../../../core/roles.js';
import { api } from '../providers/http.js';
import { testAuth, testI18n } from '../components/testing.js';
import { MerchantPreferencesPage } from './MerchantPreferencesPage.js';

const prefs = { content_types: ['Apparel'], default_content_type: 'Apparel', notification_events: [], email_templates: {}, branding: {}, payment_url: null, features: FEATURES.content };

vi.mock('../providers/http.js', async (original) => ({
  ...(await original<typeof import('../providers/http.js')>()),
  api: vi.fn(async (path: string, req?: { method?: string; body?: unknown }) => (path === 'merchants/preferences' && req?.method === 'PUT' ? { data: { ...prefs, ...(req.body as object) } } : path === 'merchants/preferences' ? { data: prefs } : { data: null })),
}));

afterEach(() => {
  cleanup();
  vi.mocked(api).mockClear();
});

const saved = () => vi.mocked(api).mock.calls.filter(([path, req]) => path === 'merchants/preferences' && req?.method === 'PUT').map(([, req]) => req?.body);

describe('MerchantPreferencesPage content types', () => {
  it('explains a refused content type instead of dropping it, and saves the one left in the field', async () => {
    render(
      <AdminContext i18nProvider={testI18n} authProvider={testAuth({ role: ROLES.merchant_admin, merchant_id: 1, features: FEATURES.content })}>
        <MerchantPreferencesPage />
      </AdminContext>,
    );
    const input = await screen.findByRole('textbox', { name: en.resources.merchants.fields.content_types });

    fireEvent.change(input, { target: { value: 'apparel' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(en.preferences.content_type_exists)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('apparel');

    fireEvent.change(input, { target: { value: 'x'.repeat(61) } });
    expect(screen.queryByText(en.preferences.content_type_exists)).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText(en.validation.max.replace('%{length}', '60'))).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Books' } });
    fireEvent.click(screen.getAllByRole('button', { name: en.ra.action.save })[0]!);
    await vi.waitFor(() => expect(saved()).toEqual([{ content_types: ['Apparel', 'Books'], default_content_type: 'Apparel' }]));
    // The form resets to what was saved: the typed type became a chip, the field is empty again.
    await vi.waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(screen.getByText('Books')).toBeTruthy();
  });
});
