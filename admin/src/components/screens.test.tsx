import { afterEach, describe, expect, it, vi } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { es } from '../../../core/i18n/es.js';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, LinkBase, ListBase, RecordContextProvider, ResourceContextProvider, TestMemoryRouter, TextField, TextInput, testDataProvider, useLocation } from 'react-admin';
import { ROLES } from '../../../core/roles.js';
import { ListPagination } from './ListToolbarAndPagination.js';
import { RelatedList } from './RelatedList.js';
import { StatusChipField } from './StatusField.js';
import { EnumField } from './EnumInput.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';
import { useCanSee } from './useActor.js';
import { testAuth, testI18n } from './testing.js';

afterEach(cleanup);

describe('ListPagination', () => {
  /** A page of 25 shipments whose list answer carries this total (and meta). */
  const renderPage = (total: number, meta?: object, i18nProvider = testI18n) => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const dataProvider = testDataProvider({ getList: async () => ({ data: rows, total, meta }) as never });
    render(
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <ResourceContextProvider value="shipments">
          <ListBase perPage={25}>
            <ListPagination />
          </ListBase>
        </ResourceContextProvider>
      </AdminContext>,
    );
  };

  it("reads 'Shows {from}-{to} of {total} rows' with 25 rows per page", async () => {
    renderPage(60);
    expect(await screen.findByText('Shows 1-25 of 60 rows')).toBeTruthy();
  });

  it('reads a capped total as a lower bound (meta.totalCapped)', async () => {
    renderPage(1000, { totalCapped: true });
    expect(await screen.findByText('Shows 1-25 of more than 1000 rows')).toBeTruthy();
  });

  it("names the previous / next buttons in the interface language on a phone too (MUI's own names are English)", async () => {
    // A phone: every media query below MUI's sm breakpoint matches (react-admin then draws its small pagination).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }));
    try {
      renderPage(60, undefined, polyglotI18nProvider(() => es as unknown as TranslationMessages, 'es', { allowMissing: true }));
      expect(await screen.findByRole('button', { name: es.ra.navigation.next })).toBeTruthy();
      expect(screen.getByRole('button', { name: es.ra.navigation.previous })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Go to/ })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('RelatedList', () => {
  it("pages related records with the lists' text: 'Shows {from}-{to} of {total} rows'", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, barcode: `LP${i}` }));
    const dataProvider = testDataProvider({ getManyReference: async () => ({ data: rows, total: 15 }) as never });
    render(
      <AdminContext i18nProvider={testI18n} dataProvider={dataProvider}>
        <ResourceContextProvider value="shipments">
          <RecordContextProvider value={{ id: 7 }}>
            <RelatedList reference="packages" target="shipment_id">
              <TextField source="barcode" />
            </RelatedList>
          </RecordContextProvider>
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('Shows 1-10 of 15 rows')).toBeTruthy();
    expect(screen.queryByText(/1-10 of 15$/)).toBeNull();
  });
});

describe('status and enum fields', () => {
  it('show translated labels as text, not only colour', async () => {
    render(
      <AdminContext i18nProvider={testI18n}>
        <RecordContextProvider value={{ id: 1, status: -45, size: 'OVERSIZED' }}>
          <StatusChipField source="status" table="packages" />
          <EnumField source="size" prefix="sizes" />
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('Expired, retrievable')).toBeTruthy();
    expect(screen.getByText('Oversized')).toBeTruthy();
  });
});

function Masked() {
  return <p>{useCanSee('locations', 'approved') ? 'approved visible' : 'approved hidden'}</p>;
}

describe('useCanSee', () => {
  it.each([
    [ROLES.superadmin, 'approved visible'],
    [ROLES.support, 'approved visible'],
    [ROLES.merchant_admin, 'approved hidden'],
  ])('role %i: %s', async (role, text) => {
    render(
      <AdminContext i18nProvider={testI18n} authProvider={testAuth({ role, features: 0 })}>
        <Masked />
      </AdminContext>,
    );
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

/** Two "pages": a form at /form and a plain page elsewhere (react-admin's own router hooks). */
function Pages() {
  const { pathname } = useLocation();
  if (pathname !== '/form') return <p>Elsewhere</p>;
  return (
    <Form record={{ name: '' }}>
      <UnsavedChangesGuard />
      <TextInput source="name" label="Name" />
      <LinkBase to="/elsewhere">Leave</LinkBase>
    </Form>
  );
}

describe('UnsavedChangesGuard', () => {
  const app = () =>
    render(
      <TestMemoryRouter initialEntries={['/form']}>
        <AdminContext i18nProvider={testI18n}>
          <Pages />
        </AdminContext>
      </TestMemoryRouter>,
    );

  it('lets a clean form go without asking', async () => {
    app();
    fireEvent.click(await screen.findByText('Leave'));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });

  it('asks to discard or continue editing when the form is dirty', async () => {
    app();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'changed' } });
    fireEvent.click(screen.getByText('Leave'));
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('changed');

    fireEvent.click(screen.getByText('Leave'));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
  });
});
