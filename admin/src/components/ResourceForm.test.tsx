/** An edit form of a record the server no longer lets anyone change says so up front, and cannot be saved. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TextInput, testDataProvider } from 'react-admin';
import { en } from '../../../core/i18n/en.js';
import { EditScreen } from './CrudScreens.js';
import { ResourceForm } from './ResourceForm.js';
import { renderRoute } from './testing.js';

afterEach(cleanup);

const NameForm = () => (
  <ResourceForm resource="shipments" schema={{}}>
    <TextInput source="first_name" label="First name" />
  </ResourceForm>
);

function renderEdit(actions: string[]) {
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: { id: 1, first_name: 'Ana', updated_at: '2026-01-01T00:00:00Z', _actions: actions } }) as never,
  });
  renderRoute({ url: '/shipments/1', path: '/shipments/:id', resource: 'shipments', element: <EditScreen form={NameForm} />, dataProvider });
}

describe('ResourceForm on a locked record', () => {
  it('explains what to do instead, and the save button stays disabled', async () => {
    renderEdit(['show', 'print', 'cancel']);
    fireEvent.change(await screen.findByDisplayValue('Ana'), { target: { value: 'Anna' } });
    expect(screen.getByTestId('edit-locked').textContent).toBe(en.resources.shipments.hints.locked);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((screen.getByRole('button', { name: /save/i }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no notice while the record may be edited', async () => {
    renderEdit(['show', 'edit', 'register']);
    fireEvent.change(await screen.findByDisplayValue('Ana'), { target: { value: 'Anna' } });
    expect(screen.queryByTestId('edit-locked')).toBeNull();
    await waitFor(() => expect((screen.getByRole('button', { name: /save/i }) as HTMLButtonElement).disabled).toBe(false));
  });
});
