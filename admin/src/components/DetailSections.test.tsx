import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, NumberField, RecordContextProvider, ResourceContextProvider, TextField, testDataProvider } from 'react-admin';
import { translate } from '../../../core/i18n/index.js';
import { DetailPage, DetailSection, EMPTY, YesNoField, isEmptyValue } from './DetailSections.js';
import { NameField } from './NameField.js';
import { bilingualI18n, testI18n } from './testing.js';

afterEach(cleanup);

const record = { id: 7, reference_id: 'LL1234567', email: '', phone: null, paid: 0, active: true, package_count: 0, dropoff_location_id: null, dropoff_location_name: null };

function ShipmentCards() {
  return (
    <DetailPage>
      <DetailSection title="resources.shipments.name" testId="section-shipment">
        <TextField source="reference_id" />
        <YesNoField source="paid" />
        <NumberField source="package_count" />
      </DetailSection>
      <DetailSection title="resources.shipments.fields.recipient" testId="section-recipient">
        <TextField source="email" />
        <TextField source="phone" />
        <NameField source="dropoff_location_id" label="resources.shipments.fields.dropoff_location_id" />
      </DetailSection>
      <DetailSection title="details.sections.history">{null}</DetailSection>
    </DetailPage>
  );
}

const renderCards = (i18nProvider = testI18n, value: Record<string, unknown> = record) =>
  render(
    <AdminContext i18nProvider={i18nProvider} dataProvider={testDataProvider()}>
      <ResourceContextProvider value="shipments">
        <RecordContextProvider value={value}>
          <ShipmentCards />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );

/** The value shown under a label inside a section (the label's parent holds label then value). */
const valueOf = (section: HTMLElement, label: string) => {
  const labelEl = within(section).getByText(label, { exact: true });
  return (labelEl.closest('.ra-field') as HTMLElement).textContent!.replace(label, '');
};

describe('DetailSections', () => {
  it('renders each section as a region with an h2 heading, skipping a section with nothing in it', () => {
    renderCards();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([translate('en', 'resources.shipments.name', { smart_count: 1 }), translate('en', 'resources.shipments.fields.recipient')]);
    expect(screen.getByRole('region', { name: translate('en', 'resources.shipments.fields.recipient') })).toBe(screen.getByTestId('section-recipient'));
    expect(screen.queryByText(translate('en', 'details.sections.history'))).toBeNull();
  });

  it('labels every field and shows "—" for an empty value (blank text, null, a missing reference), a zero as 0', () => {
    renderCards();
    const recipient = screen.getByTestId('section-recipient');
    expect(valueOf(recipient, translate('en', 'resources.shipments.fields.email'))).toBe(EMPTY);
    expect(valueOf(recipient, translate('en', 'resources.shipments.fields.phone'))).toBe(EMPTY);
    expect(valueOf(recipient, translate('en', 'resources.shipments.fields.dropoff_location_id'))).toBe(EMPTY);
    const shipment = screen.getByTestId('section-shipment');
    expect(valueOf(shipment, translate('en', 'resources.shipments.fields.reference_id'))).toBe('LL1234567');
    expect(valueOf(shipment, translate('en', 'resources.shipments.fields.package_count'))).toBe('0');
  });

  it('shows a boolean as a word, in English and Spanish (SQLite 0/1 included)', () => {
    renderCards();
    expect(valueOf(screen.getByTestId('section-shipment'), translate('en', 'resources.shipments.fields.paid'))).toBe('No');
    cleanup();
    renderCards(bilingualI18n(), { ...record, paid: 1 });
    expect(valueOf(screen.getByTestId('section-shipment'), translate('en', 'resources.shipments.fields.paid'))).toBe(translate('en', 'ra.boolean.true'));
  });

  it('says "Sí" for a true boolean on a Spanish screen', async () => {
    const i18n = bilingualI18n();
    await i18n.changeLocale('es');
    renderCards(i18n, { ...record, paid: true });
    const shipment = screen.getByTestId('section-shipment');
    expect(valueOf(shipment, translate('es', 'resources.shipments.fields.paid'))).toBe('Sí');
    expect(screen.getByRole('heading', { name: translate('es', 'resources.shipments.fields.recipient') })).toBeTruthy();
  });

  it('counts only nothing as empty', () => {
    expect([null, undefined, '', '  ', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x', [1]].some(isEmptyValue)).toBe(false);
  });
});
