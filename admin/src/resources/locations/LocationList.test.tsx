/** The locations list's default scope follows the role: drop-off for staff, a merchant's own pickup locations for merchants. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, memoryStore, testDataProvider } from 'react-admin';
import { ROLES } from '../../../../core/roles.js';
import { testAuth, testI18n } from '../../components/testing.js';
import { LocationList } from './LocationList.js';

afterEach(cleanup);

function renderList(role: number, rows: object[] = []) {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  render(
    <AdminContext i18nProvider={testI18n} store={memoryStore()} dataProvider={testDataProvider({ getList: getList as never })} authProvider={testAuth({ role, features: 0, merchant_id: 1 })}>
      <ResourceContextProvider value="locations">
        <LocationList />
      </ResourceContextProvider>
    </AdminContext>,
  );
  return getList;
}

const scopes = (getList: ReturnType<typeof vi.fn>) =>
  getList.mock.calls.filter(([resource]) => resource === 'locations').map(([, params]) => (params as { filter: { scope?: string } }).filter.scope);

describe('LocationList default scope', () => {
  it.each([
    [ROLES.superadmin, 'dropoff', 'Drop-off'],
    [ROLES.support, 'dropoff', 'Drop-off'],
    [ROLES.merchant_admin, 'pickup', 'Pickup'],
  ])('role %i lists %s locations first, and shows that scope', async (role, scope, label) => {
    const getList = renderList(role);
    await waitFor(() => expect(scopes(getList).length).toBeGreaterThan(0));
    // Only the role's scope is ever asked for: no drop-off request before the identity is known.
    expect(new Set(scopes(getList))).toEqual(new Set([scope]));
    expect(await screen.findByText(label)).toBeTruthy();
  });
});

describe('LocationList sort headers', () => {
  it('offers only the sorts the API accepts (core LIST_SORTS): not locker service nor locality', async () => {
    renderList(ROLES.superadmin, [{ id: 1, name: 'Cable Beach Locker', code: 'CBL', type: 'dropoff', class: 'locker', locker_service: 'smartbox-v4', address_locality: 'Nassau', active: 1, approved: 1, package_count: 3 }]);
    await screen.findByText('Cable Beach Locker');
    const sortable = [...document.querySelectorAll('thead .MuiTableSortLabel-root')].map((el) => el.textContent);
    expect(sortable).toEqual(['Name', 'Code', 'Type', 'Class', 'Active', 'Approved', 'Packages']);
  });
});
