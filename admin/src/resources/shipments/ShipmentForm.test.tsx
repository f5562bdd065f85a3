import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, testDataProvider } from 'react-admin';
import { ROLES } from '../../../../core/roles.js';
import { en } from '../../../../core/i18n/en.js';
import { testAuth, testI18n } from '../../components/testing.js';
import { ShipmentForm, shipmentEditPayload } from './ShipmentForm.js';
import { FORM_HINTS } from '../../../../core/i18n/form-hints.js';

afterEach(cleanup);

const LOCKER = { id: 7, name: 'Cable Beach Locker', class: 'locker' };

function renderForm(record: Record<string, unknown>, role: number = ROLES.merchant_admin, mode: 'create' | 'edit' = 'edit') {
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  const getOne = vi.fn(async () => ({ data: LOCKER }));
  const getMany = vi.fn(async () => ({ data: [LOCKER] }));
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ getList: getList as never, getOne: getOne as never, getMany: getMany as never })} authProvider={testAuth({ role, features: 0 })}>
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
    expect(await screen.findByText(en.resources.shipments.hints.oversized_pudo_only)).toBeTruthy();
    await waitFor(() => expect(locationFilters(getList)).toContainEqual({ scope: 'dropoff', class: ['pudo'] }));
  });


  it('clears a chosen locker when a package is oversized and says why once (no other message)', async () => {
    renderForm({ country: 'BS', dropoff_location_id: LOCKER.id, packages: [{ size: 'OVERSIZED' }] });
    const note = await screen.findByTestId('oversized-cleared', undefined, { timeout: 10_000 });
    expect(note.textContent).toBe(en.resources.shipments.hints.oversized_cleared.replace('%{location}', LOCKER.name));
    expect(screen.queryByText(en.resources.shipments.hints.oversized_pudo_only)).toBeNull();
    expect(screen.queryByText(en.errors.package.oversized_needs_pudo)).toBeNull();
  });

  it('keeps a chosen locker for regular packages', async () => {
    renderForm({ country: 'BS', dropoff_location_id: LOCKER.id, packages: [{ size: 'SMALL' }] });
    expect(await screen.findByText('+1 242')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(screen.queryByTestId('oversized-cleared')).toBeNull();
  });

  it("says beside the phone that a chosen locker needs it (the locker texts the pickup code); not for a PUDO point", async () => {
    renderForm({ country: 'BS', dropoff_location_id: LOCKER.id, packages: [{ size: 'SMALL' }] });
    expect(await screen.findByText(en.resources.shipments.hints.locker_phone, undefined, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    renderForm({ country: 'BS', packages: [{ size: 'SMALL' }] });
    await screen.findByText('+1 242');
    expect(screen.queryByText(en.resources.shipments.hints.locker_phone)).toBeNull();
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

  it('offers lockers and PUDO points (never a warehouse) for regular packages, with required badges and the BS phone prefix', async () => {
    const getList = renderForm({ country: 'BS', packages: [{ size: 'SMALL' }] });
    expect(await screen.findByText('+1 242')).toBeTruthy();
    expect(screen.queryByText(en.resources.shipments.hints.oversized_pudo_only)).toBeNull();
    await waitFor(() => expect(locationFilters(getList)).toContainEqual({ scope: 'dropoff', class: ['pudo', 'locker'] }));
    expect(locationFilters(getList).filter((f) => (f as { scope: string }).scope === 'dropoff').every((f) => 'class' in f && !JSON.stringify(f).includes('warehouse'))).toBe(true);
    expect(screen.getAllByText('Required').length).toBeGreaterThan(0);
  });
});

describe('ShipmentForm pickup location', () => {
  const MERCHANTS = [{ id: 1, name: 'Acme' }, { id: 2, name: 'Globex' }];
  const PICKUPS = [{ id: 11, name: 'Acme Store', merchant_id: 1 }, { id: 22, name: 'Globex Depot', merchant_id: 2 }];

  function renderStaffForm(record: Record<string, unknown>, mode: 'create' | 'edit', role: number = ROLES.superadmin, user: Record<string, unknown> = {}) {
    const getList = vi.fn(async (resource: string, params: { filter: { merchant_id?: number } }) => {
      if (resource === 'merchants') return { data: MERCHANTS, total: 2 };
      const rows = resource === 'locations' ? PICKUPS.filter((l) => params.filter.merchant_id === undefined || l.merchant_id === params.filter.merchant_id) : [];
      return { data: rows, total: rows.length };
    });
    const getMany = vi.fn(async (resource: string, params: { ids: number[] }) => ({
      data: (resource === 'merchants' ? MERCHANTS : PICKUPS).filter((r) => params.ids.map(Number).includes(r.id)),
    }));
    render(
      <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ getList: getList as never, getMany: getMany as never })} authProvider={testAuth({ role, features: 0, ...user })}>
        <ResourceContextProvider value="shipments">
          <RecordContextProvider value={record}>
            <ShipmentForm mode={mode} />
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
    return getList;
  }

  const pickupFilters = (getList: ReturnType<typeof vi.fn>) =>
    getList.mock.calls.filter(([resource, params]) => resource === 'locations' && (params as { filter: { scope: string } }).filter.scope === 'pickup').map(([, params]) => (params as { filter: object }).filter);

  it("offers only the shipment merchant's pickup locations when editing", async () => {
    const getList = renderStaffForm({ id: 5, merchant_id: 2, country: 'BS', packages: [{ size: 'SMALL' }], pickup_location_id: 22 }, 'edit', ROLES.support);
    await waitFor(() => expect(pickupFilters(getList)).toContainEqual({ scope: 'pickup', merchant_id: 2 }));
    expect(pickupFilters(getList)).not.toContainEqual({ scope: 'pickup' });
  });

  it("starts a merchant's new shipment at the profile's default pickup location (preferences.default_pickup)", async () => {
    renderStaffForm({}, 'create', ROLES.merchant_admin, { merchant_id: 2, preferences: { default_pickup: 22 } });
    const pickup = (await screen.findByLabelText(/Pickup location/)) as HTMLInputElement;
    await waitFor(() => expect(pickup.value).toBe('Globex Depot'));
  });

  it('waits for the merchant, then narrows the picker to it and clears the pickup location when the merchant changes', async () => {
    const getList = renderStaffForm({ country: 'BS', packages: [{ size: 'SMALL' }] }, 'create');
    const pickup = (await screen.findByLabelText(/Pickup location/)) as HTMLInputElement;
    expect(pickup.disabled).toBe(true);
    expect(screen.getByText('Choose the merchant first: its pickup locations are offered here.')).toBeTruthy();
    expect(pickupFilters(getList)).toEqual([]);

    const choose = async (label: RegExp, option: string) => {
      const input = screen.getByLabelText(label);
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: option.slice(0, 3) } });
      fireEvent.click(await screen.findByRole('option', { name: option }));
    };
    await choose(/Merchant/, 'Acme');
    await waitFor(() => expect(pickup.disabled).toBe(false));
    await waitFor(() => expect(pickupFilters(getList)).toContainEqual({ scope: 'pickup', merchant_id: 1 }));
    await choose(/Pickup location/, 'Acme Store');
    await waitFor(() => expect(pickup.value).toBe('Acme Store'));

    await choose(/Merchant/, 'Globex');
    await waitFor(() => expect(pickup.value).toBe(''));
    await waitFor(() => expect(pickupFilters(getList)).toContainEqual({ scope: 'pickup', merchant_id: 2 }));
    expect(pickupFilters(getList).every((f) => 'merchant_id' in f)).toBe(true);
  });

  it('keeps a registered shipment\'s packages: shown read-only with the reason, and left out of the save', async () => {
    renderForm({ country: 'BS', status: 10, packages: [{ id: 4, size: 'SMALL', barcode: 'LP1' }] });
    expect((await screen.findByTestId('packages-locked')).textContent).toBe(FORM_HINTS.en.shipment_packages_locked);
    expect((screen.getByDisplayValue('LP1') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /add/i })).toBeNull();
    const data = { first_name: 'Ana', status: 10, packages: [{ id: 4, size: 'SMALL' }] };
    expect(shipmentEditPayload(data, { previousData: data })).toEqual({ first_name: 'Ana', status: 10 });
  });

  it('a draft\'s packages stay editable and are saved', async () => {
    renderForm({ country: 'BS', status: 0, packages: [{ id: 4, size: 'SMALL', barcode: 'LP1' }] });
    expect((await screen.findByDisplayValue('LP1') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByTestId('packages-locked')).toBeNull();
    const data = { first_name: 'Ana', status: 0, packages: [{ id: 4, size: 'SMALL' }] };
    expect(shipmentEditPayload(data, { previousData: data })).toBe(data);
  });
});
