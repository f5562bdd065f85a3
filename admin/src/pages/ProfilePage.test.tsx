/**
 * The profile page renders its form outside any <Resource> (it crashed on the default Delete button) and
 * saves the preferences under the API's names.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { ROLES } from '../../../core/roles.js';
import { api } from '../providers/http.js';
import { setUser } from '../providers/session.js';
import { testI18n } from '../components/testing.js';
import { en } from '../../../core/i18n/index.js';
import { ProfilePage } from './ProfilePage.js';

const me = {
  id: 3,
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'merchant.admin@example.com',
  role: ROLES.merchant_admin,
  merchant_id: 1,
  features: 0,
  locale: 'en',
  country: 'BS',
  preferences: { default_pickup: 7, default_export_format: 'csv' },
  updated_at: '2026-01-01T00:00:00.000Z',
};

vi.mock('../providers/http.js', async (original) => ({
  ...(await original<typeof import('../providers/http.js')>()),
  api: vi.fn(async (path: string) => (path.startsWith('locations') ? { data: [{ id: 7, name: 'Acme Store' }] } : { data: me })),
}));

afterEach(cleanup);

describe('ProfilePage', () => {
  it('shows the form with Save and no Delete, and the API token card', async () => {
    setUser(me);
    render(
      <AdminContext i18nProvider={testI18n}>
        <ProfilePage />
      </AdminContext>,
    );
    expect(await screen.findByDisplayValue('Ada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: en.profile.request_token })).toBeTruthy();
  });

  it('shows the default pickup location and saves it back as preferences.default_pickup', async () => {
    setUser(me);
    render(
      <AdminContext i18nProvider={testI18n}>
        <ProfilePage />
      </AdminContext>,
    );
    expect(await screen.findByText('Acme Store')).toBeTruthy();
    fireEvent.change(screen.getByDisplayValue('Ada'), { target: { value: 'Adele' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(vi.mocked(api)).toHaveBeenCalledWith('users/3', expect.objectContaining({ method: 'PUT' })));
    const put = vi.mocked(api).mock.calls.find(([path, req]) => path === 'users/3' && req?.method === 'PUT');
    expect(put?.[1]?.body).toMatchObject({ first_name: 'Adele', preferences: { default_pickup: 7, default_export_format: 'csv' } });
  });
});
