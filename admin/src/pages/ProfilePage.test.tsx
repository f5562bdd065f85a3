/**
 * The profile page renders its form outside any <Resource> (it crashed on the default Delete button) and
 * saves the preferences under the API's names.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, Notification } from 'react-admin';
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

  it('offers each preference only to the roles it serves (core: who creates shipments, who lists them), keeping the stored values', async () => {
    const render_ = async (role: number) => {
      cleanup();
      vi.mocked(api).mockClear();
      setUser({ ...me, role });
      render(
        <AdminContext i18nProvider={testI18n}>
          <ProfilePage />
        </AdminContext>,
      );
      await screen.findByDisplayValue('Ada');
      return {
        pickup: screen.queryByLabelText(en.resources.users.fields.default_pickup),
        format: screen.queryByLabelText(en.resources.users.fields.default_export_format),
        askedLocations: vi.mocked(api).mock.calls.some(([path]) => String(path).startsWith('locations')),
      };
    };
    expect(await render_(ROLES.merchant_admin)).toMatchObject({ askedLocations: true });
    expect((await render_(ROLES.merchant_admin)).pickup).toBeTruthy();
    const user = await render_(ROLES.merchant_user);
    expect(user).toMatchObject({ pickup: null, askedLocations: false });
    expect(user.format).toBeTruthy();
    expect(await render_(ROLES.pudo)).toMatchObject({ pickup: null, format: null, askedLocations: false });
    // A save still sends the stored preferences unchanged.
    fireEvent.change(screen.getByDisplayValue('Ada'), { target: { value: 'Adele' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(vi.mocked(api)).toHaveBeenCalledWith('users/3', expect.objectContaining({ method: 'PUT' })));
    const put = vi.mocked(api).mock.calls.find(([path, req]) => path === 'users/3' && req?.method === 'PUT');
    expect(put?.[1]?.body).toMatchObject({ preferences: { default_pickup: 7, default_export_format: 'csv' } });
  });

  it('changes the password with the current one and says what happened; a wrong current password shows next to its field', async () => {
    setUser(me);
    render(
      <AdminContext i18nProvider={testI18n}>
        <ProfilePage />
        <Notification />
      </AdminContext>,
    );
    const section = await screen.findByRole('region', { name: en.profile.change_password });
    const current = await screen.findByLabelText(en.resources.users.fields.current_password);
    fireEvent.change(current, { target: { value: 'old-password-1' } });
    fireEvent.change(screen.getByLabelText(en.resources.users.fields.new_password), { target: { value: 'new-password-1' } });
    fireEvent.change(screen.getByLabelText(en.resources.users.fields.new_password_confirmation), { target: { value: 'new-password-1' } });
    vi.mocked(api).mockClear();
    fireEvent.click(within(section).getByRole('button', { name: en.profile.change_password }));
    await waitFor(() => expect(vi.mocked(api)).toHaveBeenCalledWith('users/3', expect.objectContaining({ method: 'PUT' })));
    const put = vi.mocked(api).mock.calls.find(([path, req]) => path === 'users/3' && req?.method === 'PUT');
    expect(put?.[1]?.body).toEqual({ current_password: 'old-password-1', password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(await screen.findByText(en.profile.password_changed)).toBeTruthy();

    const wrong = en.errors.user.current_password_wrong;
    vi.mocked(api).mockImplementationOnce(async () => {
      throw new HttpError('wrong', 422, { code: 'user.current_password_wrong', errors: { current_password: wrong } });
    });
    fireEvent.change(await screen.findByLabelText(en.resources.users.fields.current_password), { target: { value: 'not-it-at-all' } });
    fireEvent.change(screen.getByLabelText(en.resources.users.fields.new_password), { target: { value: 'new-password-2' } });
    fireEvent.change(screen.getByLabelText(en.resources.users.fields.new_password_confirmation), { target: { value: 'new-password-2' } });
    fireEvent.click(within(screen.getByRole('region', { name: en.profile.change_password })).getByRole('button', { name: en.profile.change_password }));
    expect(await screen.findByText(wrong)).toBeTruthy();
  });
});
