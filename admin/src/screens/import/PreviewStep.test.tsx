/** The preview's pager speaks the interface language (MUI's own labels are English); header warnings name the columns. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { AdminContext, memoryStore, TestMemoryRouter, testDataProvider, type TranslationMessages } from 'react-admin';
import { es, messages } from '../../../../core/i18n/index.js';
import { PreviewStep } from './PreviewStep.js';

const wire = vi.hoisted(() => ({ header: { unknown: [], duplicates: [], missing: [] } as { unknown: { index: number; header: string }[]; duplicates: { index: number; header: string; field: string }[]; missing: string[] } }));

const rows = Array.from({ length: 10 }, (_, i) => ({ row: i + 2, values: { first_name: `Ana ${i}` }, valid: true, errors: [] }));

vi.mock('./importApi.js', async (original) => ({
  ...(await original<typeof import('./importApi.js')>()),
  fetchPreview: vi.fn(async () => ({
    data: { id: 'ab'.repeat(16), file_name: 'clientes.csv', format: 'csv', merchant_id: 1, counts: { rows: 30, valid: 30, invalid: 0, shipments: 30, packages: 30 }, header: wire.header, rows },
    meta: { page: 2, perPage: 10, total: 30, from: 11, to: 20 },
  })),
}));

afterEach(() => {
  cleanup();
  wire.header = { unknown: [], duplicates: [], missing: [] };
});

function renderPreview(locale: 'en' | 'es') {
  const i18n = polyglotI18nProvider((l) => (messages as unknown as Record<string, TranslationMessages>)[l]!, locale);
  render(
    <TestMemoryRouter initialEntries={[`/shipments/import/preview?id=${'ab'.repeat(16)}&page=2&perPage=10`]}>
      <AdminContext i18nProvider={i18n} dataProvider={testDataProvider()} store={memoryStore()}>
        <PreviewStep />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('PreviewStep', () => {
  it('labels the page buttons, the rows per page and the range in Spanish', async () => {
    renderPreview('es');
    expect(await screen.findByRole('button', { name: es.ra.navigation.next })).toBeTruthy();
    expect(screen.getByRole('button', { name: es.ra.navigation.previous })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /next page|previous page/i })).toBeNull();
    expect(screen.getByText(es.ra.navigation.page_rows_per_page)).toBeTruthy();
    expect(screen.getByText(es.lists.shows.replace('%{from}', '11').replace('%{to}', '20').replace('%{total}', '30'))).toBeTruthy();
  });

  it('names the unknown and duplicated columns the API reports (objects on the wire: core/contract HeaderReport)', async () => {
    wire.header = { unknown: [{ index: 7, header: 'Apodo' }], duplicates: [{ index: 2, header: 'Correo', field: 'email' }], missing: [] };
    renderPreview('en');
    expect(await screen.findByText(/Apodo/)).toBeTruthy();
    expect(screen.getByText(/Correo/)).toBeTruthy();
    expect(screen.queryByText(/object Object/)).toBeNull();
  });
});
