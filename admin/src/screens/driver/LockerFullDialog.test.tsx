import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { en } from '../../../../core/i18n/index.js';
import { testI18n } from '../../components/testing.js';
import { LockerFullDialog } from './LockerFullDialog.js';

afterEach(cleanup);

const pkg = { id: 7, barcode: 'LL7', status: 50, size: 'SMALL', shipment_id: 1, location_id: null, dropoff_location_id: 2 };

function renderDialog(act: () => Promise<unknown>) {
  const props = { onClose: vi.fn(), onDone: vi.fn(), onError: vi.fn() };
  render(
    <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ act } as never)}>
      <LockerFullDialog pkg={pkg} {...props} />
    </AdminContext>,
  );
  return props;
}

describe('LockerFullDialog', () => {
  it('hands a refusal to the screen (which says why) instead of closing without a word', async () => {
    const refusal = Object.assign(new Error('refused'), { status: 409, body: { code: 'lockers.no_storage_nearby' } });
    const props = renderDialog(() => Promise.reject(refusal));
    fireEvent.click(await screen.findByRole('button', { name: en.locker_full_reasons.door_fault }));
    await waitFor(() => expect(props.onError).toHaveBeenCalledWith(refusal));
    expect(props.onDone).not.toHaveBeenCalled();
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('says where the package went', async () => {
    const answer = { data: { ...pkg, dropoff_location_id: 3 }, meta: { actions: [], storage: { name: 'Kiosko Sol', expires_at: '2026-12-01T10:00:00.000Z' } } };
    const props = renderDialog(() => Promise.resolve(answer));
    fireEvent.click(await screen.findByRole('button', { name: en.locker_full_reasons.no_free_door }));
    await waitFor(() => expect(props.onDone).toHaveBeenCalled());
    expect(props.onDone.mock.calls[0]![1]).toContain('Kiosko Sol');
    expect(props.onError).not.toHaveBeenCalled();
  });
});
