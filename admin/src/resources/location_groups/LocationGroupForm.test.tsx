/** A location group name another group has: the API's refusal shows on the name field, in the user's language. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpError, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../../core/i18n/index.js';
import { ROLES } from '../../../../core/roles.js';
import { renderRoute, testAuth } from '../../components/testing.js';
import { LocationGroupCreate } from './LocationGroupCreate.js';

afterEach(cleanup);

describe('LocationGroupCreate', () => {
  it('shows a taken name on the name field', async () => {
    const taken = en.errors.location_group.name_taken;
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [], total: 0 }),
      getMany: async () => ({ data: [] }),
      create: async () => {
        throw new HttpError('The form is not completed.', 422, { code: 'location_group.name_taken', message: 'The form is not completed.', errors: { name: taken } });
      },
    });
    renderRoute({
      url: '/location_groups/create',
      path: '/location_groups/create',
      resource: 'location_groups',
      element: <LocationGroupCreate />,
      dataProvider,
      authProvider: testAuth({ role: ROLES.superadmin, merchant_id: null, features: 0 }),
    });
    const name = await screen.findByLabelText(new RegExp(`^${en.resources.location_groups.fields.name}`), {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'madrid north' } });
    fireEvent.click(screen.getByRole('button', { name: en.ra.action.save }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});
