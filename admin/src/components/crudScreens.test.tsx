/** Save errors show once, in the global error dialog: the edit screen adds no react-admin snackbar of its own. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpError, Notification, SimpleForm, TextInput, testDataProvider } from 'react-admin';
import { EditScreen } from './CrudScreens.js';
import { renderRoute } from './testing.js';

afterEach(cleanup);

const NameForm = () => (
  <SimpleForm>
    <TextInput source="name" label="Name" />
  </SimpleForm>
);

describe('EditScreen', () => {
  it('does not repeat a 409 in a snackbar (the error dialog reports it)', async () => {
    const update = vi.fn(async () => {
      throw new HttpError('Stale record from the server', 409, { code: 'conflict.stale' });
    });
    const dataProvider = testDataProvider({
      getOne: async () => ({ data: { id: 1, name: 'Old', updated_at: '2026-01-01T00:00:00Z' } }) as never,
      update: update as never,
    });
    renderRoute({ url: '/shipments/1', path: '/shipments/:id', resource: 'shipments', element: <EditScreen form={NameForm} />, dataProvider, extra: <Notification /> });
    const input = await screen.findByDisplayValue('Old');
    fireEvent.change(input, { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Stale record from the server')).toBeNull();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('New');
  });
});
