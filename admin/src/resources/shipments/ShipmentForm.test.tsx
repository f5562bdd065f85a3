import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, testDataProvider } from 'react-admin';
import { ROLES } from '../../../../core/roles.js';
import { testAuth, testI18n } from '../../components/testing.js';
import { ShipmentForm } from './ShipmentForm.js';

afterEach(cleanup);

function renderForm(record: Record<string, unknown>, role: number = ROLES.merchant_admin, mode: 'create' | 'edit' = 'edit') {
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ getList: getList as never })} authProvider={testAuth({ role, features: 0 })}>
      <ResourceContextProvider value="shipments">
        <RecordContextProvider value={{ id: 1, ...record }}>
          <ShipmentForm mode={mode} />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return getList;
}

const locationFilters = (getList: ReturnType<typeof vi.fn>) =>
  getList.mock.calls.filter(([resource]) => resource === 'locations').map(([, params]) => (params as { filter: object }).filter);

describe('ShipmentForm', () => {
  it('restricts drop-off choices to PUDO locations when a package is oversized', async () => {
    const getList = renderForm({ country: 'BS', packages: [{ size: 'OVERSIZED' }] });
    expect(await screen.findByText('Oversized packages must be dropped off at a PUDO location')).toBeTruthy();
    await waitFor(() => expect(locationFilters(getList)).toContainEqual({ scope: 'dropoff', class: 'pudo' }));
  });

  it('requires the merchant when superadmin creates a shipment (the API fills it in only for merchant roles)', async () => {
    renderForm({ country: 'BS', packages: [{ size: 'SMALL' }] }, ROLES.superadmin, 'create');
    const merchant = await screen.findByLabelText(/Merchant/);
    const label = document.querySelector(`label[for="${merchant.id}"]`);
    expect(label?.textContent).toContain('Required');
  });

  it('leaves validation to the translated schema messages, not the browser (noValidate)', async () => {
    renderForm({ country: 'BS', packages: [{ size: 'SMALL' }] });
    await screen.findByText('+1 242');
    const form = document.querySelector('form');
    expect(form?.noValidate).toBe(true);
  });

  it('offers every drop-off location for regular packages, with required badges and the BS phone prefix', async () => {
    const getList = renderForm({ country: 'BS', packages: [{ size: 'SMALL' }] });
    expect(await screen.findByText('+1 242')).toBeTruthy();
    expect(screen.queryByText('Oversized packages must be dropped off at a PUDO location')).toBeNull();
    await waitFor(() => expect(locationFilters(getList)).toContainEqual({ scope: 'dropoff' }));
    expect(screen.getAllByText('Required').length).toBeGreaterThan(0);
  });
});
