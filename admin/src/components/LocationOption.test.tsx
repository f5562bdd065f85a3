import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, Form, testDataProvider } from 'react-admin';
import { testI18n } from './testing.js';
import { LocationReferenceInput } from './LocationOption.js';

afterEach(cleanup);

const POINTS = [
  { id: 1, name: 'Bay Street Pharmacy', class: 'pudo', locality: 'Nassau', street: 'Bay Street 12' },
  { id: 2, name: 'Freeport Locker', class: 'locker', locality: 'Freeport', street: null },
];

describe('LocationReferenceInput', () => {
  it('shows class, town and address under each name, and only the name once chosen', async () => {
    const getList = vi.fn(async () => ({ data: POINTS, total: POINTS.length }));
    render(
      <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ getList: getList as never, getMany: (async () => ({ data: [] })) as never })}>
        <Form record={{}}>
          <LocationReferenceInput source="dropoff_location_id" label="Drop-off" />
        </Form>
      </AdminContext>,
    );
    const input = (await screen.findByLabelText('Drop-off')) as HTMLInputElement;
    fireEvent.mouseDown(input);
    const options = await screen.findAllByTestId('location-option');
    expect(options.map((o) => o.textContent)).toEqual(['Bay Street PharmacyPUDO point · Nassau · Bay Street 12', 'Freeport LockerLocker · Freeport']);
    fireEvent.click(options[0]!);
    expect(input.value).toBe('Bay Street Pharmacy');
  });
});
