/** The import wizard's kinds: their paths and links, and the preview table showing the kind's own columns. */
import { render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../../components/testing.js';
import { batchItemWizard, createdListPath, ImportWizardProvider, SHIPMENT_WIZARD, stepPathOf } from './importKinds.js';
import { PreviewTable } from './PreviewTable.js';

describe('import wizard kinds', () => {
  it('links the created records as a list filter, or the plain list when there are too many', () => {
    expect(decodeURIComponent(createdListPath('/shipments', [1, 2]))).toBe('/shipments?filter={"id":[1,2]}');
    expect(createdListPath('/shipments', [])).toBe('/shipments');
    expect(createdListPath('/shipments', Array.from({ length: 201 }, (_, i) => i + 1))).toBe('/shipments');
  });

  it('puts a batch customer import under its batch, in pages and API, ending on its customer list', () => {
    const wizard = batchItemWizard(7, 'Summer');
    expect(stepPathOf(wizard, 'preview', 'ab'.repeat(16))).toBe(`/batches/7/batch_items/import/preview?id=${'ab'.repeat(16)}`);
    expect(wizard.api).toBe('batches/7/items/import');
    expect(wizard.steps).toEqual(['upload', 'preview']);
    expect(decodeURIComponent(createdListPath(wizard.listPath, [5]))).toBe('/batches/7/batch_items?filter={"id":[5]}');
    expect(wizard.storageKey).not.toBe(SHIPMENT_WIZARD.storageKey);
    expect(stepPathOf(SHIPMENT_WIZARD, 'save')).toBe('/shipments/import/save');
  });
});

describe('PreviewTable', () => {
  it('shows the batch customer columns and marks the bad cell', () => {
    const rows = [
      { row: 2, values: { first_name: 'Ana', phone: '+1 242 502 1234' }, valid: true, errors: [] },
      { row: 3, values: { first_name: 'Dan', phone: '12' }, valid: false, errors: [{ row: 3, column: 'phone', code: 'phone.too_short', message: 'Too short.' }] },
    ];
    const { container } = render(
      <AdminContext i18nProvider={testI18n} dataProvider={testDataProvider()}>
        <ImportWizardProvider value={batchItemWizard(7)}>
          <PreviewTable rows={rows} />
        </ImportWizardProvider>
      </AdminContext>,
    );
    const headers = [...container.querySelectorAll('thead th[data-column]')].map((th) => th.getAttribute('data-column'));
    expect(headers).toEqual(['first_name', 'last_name', 'email', 'phone', 'country', 'locale', 'offset_date']);
    const bad = container.querySelectorAll('tr[data-row="3"] td[data-error]');
    expect(bad).toHaveLength(1);
    expect(bad[0]!.getAttribute('data-column')).toBe('phone');
    expect(screen.getByText('Error: Too short.')).toBeTruthy();
    expect(container.querySelectorAll('tr[data-row="2"] td[data-error]')).toHaveLength(0);
  });
});
