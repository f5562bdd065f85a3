/** A merchant name another merchant has: the API's refusal shows on the name field (docs/admin.md). */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { HttpError, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../../../core/i18n/index.js';
import { ROLES } from '../../../../core/roles.js';
import { renderRoute, testAuth } from '../../components/testing.js';
import { MerchantCreate } from './MerchantCreate.js';

afterEach(cleanup);

describe('MerchantCreate', () => {
  it('shows a taken name on the name field', async () => {
    const taken = en.errors.merchant.name_taken;
    const dataProvider = testDataProvider({
      getList: async () => ({ data: [], total: 0 }),
      getMany: async () => ({ data: [] }),
      create: async () => {
        throw new HttpError('The form is not completed.', 422, { code: 'merchant.name_taken', message: 'The form is not completed.', errors: { name: taken } });
      },
    });
    renderRoute({ url: '/merchants/create', path: '/merchants/create', resource: 'merchants', element: <MerchantCreate />, dataProvider, authProvider: testAuth({ role: ROLES.superadmin, merchant_id: null, features: 0 }) });
    const name = await screen.findByLabelText(new RegExp(`^${en.resources.merchants.fields.name}`), {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Globex' } });
    fireEvent.click(screen.getByRole('button', { name: en.ra.action.save }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
  });
});
