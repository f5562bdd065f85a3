/**
 * The batch page leads to its customer list (bulk notify and convert live there), and the final reminder
 * message appears on the page and in the form only while the batch's custom final reminder is on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, TestMemoryRouter, testDataProvider } from 'react-admin';
import { en } from '../../../../core/i18n/index.js';
import { FEATURES } from '../../../../core/features.js';
import { ROLES } from '../../../../core/roles.js';
import { renderRoute, testAuth, testI18n } from '../../components/testing.js';
import { BatchForm } from './BatchForm.js';
import { BatchShow } from './BatchShow.js';

afterEach(cleanup);

const batch = {
  id: 7, name: 'Spring pickups', status: 50, type: 'standard', item_count: 12, custom_final_reminder: 0,
  notification_message: 'Your order is ready.', reminder_message: 'Still waiting.', final_reminder_message: 'Last call.',
  _actions: ['show', 'edit'],
};
const actor = { role: ROLES.merchant_admin, features: FEATURES.batches, merchant_id: 1 };
const fields = en.resources.batches.fields;

function renderShow(record: Record<string, unknown>) {
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: record }) as never,
    getManyReference: async () => ({ data: [], total: 0 }) as never,
    getMany: async () => ({ data: [] }) as never,
  });
  renderRoute({ url: '/batches/7', path: '/batches/:id', resource: 'batches', element: <BatchShow />, dataProvider, authProvider: testAuth(actor) });
}

describe('BatchShow', () => {
  it('links "Customers (12)" to the batch\'s customer list', async () => {
    renderShow(batch);
    const link = await screen.findByRole('link', { name: 'Customers (12)' });
    expect(link.getAttribute('href')).toBe('/batches/7/batch_items');
  });

  it('shows the final reminder message only when the custom final reminder is on', async () => {
    renderShow(batch);
    await screen.findByText('Your order is ready.');
    expect(screen.queryByText(fields.final_reminder_message)).toBeNull();
    expect(screen.queryByText('Last call.')).toBeNull();
    cleanup();
    renderShow({ ...batch, custom_final_reminder: 1 });
    expect(await screen.findByText('Last call.')).toBeTruthy();
    expect(screen.getByText(fields.final_reminder_message)).toBeTruthy();
  });
});

describe('BatchForm', () => {
  it('asks for the final reminder message only while "Custom final reminder" is on', async () => {
    render(
      <TestMemoryRouter>
        <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider({ getList: async () => ({ data: [], total: 0 }) as never })} authProvider={testAuth(actor)}>
          <ResourceContextProvider value="batches">
            <RecordContextProvider value={batch}>
              <BatchForm mode="edit" />
            </RecordContextProvider>
          </ResourceContextProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    const toggle = await screen.findByLabelText(new RegExp(fields.custom_final_reminder));
    expect(screen.queryByRole('textbox', { name: new RegExp(fields.final_reminder_message) })).toBeNull();
    fireEvent.click(toggle);
    expect(await screen.findByRole('textbox', { name: new RegExp(fields.final_reminder_message) })).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByRole('textbox', { name: new RegExp(fields.final_reminder_message) })).toBeNull();
  });
});
