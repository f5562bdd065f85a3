import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, RecordContextProvider, SimpleShowLayout } from 'react-admin';
import { CHANNELS } from '../../../core/features.js';
import { BitmaskInput } from './BitmaskInput.js';
import { CoordinateInput } from './CoordinateInput.js';
import { NumericInput } from './NumericInput.js';
import { PhoneInput } from './PhoneInput.js';
import { CountryField, CountryInput, countryName } from './CountryInput.js';
import { formatPhone, parsePhone, phoneAdornment } from './phonePrefix.js';
import { InForm, testI18n } from './testing.js';

afterEach(cleanup);

/** fireEvent returns false when a handler called preventDefault. */
const typed = (input: HTMLElement, key: string) => fireEvent.keyDown(input, { key });

describe('NumericInput', () => {
  it('blocks letters and lets digits and editing keys through', async () => {
    render(
      <InForm>
        <NumericInput source="packages_small" label="Small packages" />
      </InForm>,
    );
    const input = await screen.findByLabelText('Small packages');
    expect(typed(input, 'a')).toBe(false);
    expect(typed(input, 'e')).toBe(false);
    expect(typed(input, '-')).toBe(false);
    expect(typed(input, '7')).toBe(true);
    expect(typed(input, 'Backspace')).toBe(true);
    expect(typed(input, 'Tab')).toBe(true);
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('blocks pasting text with letters', async () => {
    render(
      <InForm>
        <NumericInput source="offset" label="Offset" />
      </InForm>,
    );
    const input = await screen.findByLabelText('Offset');
    expect(fireEvent.paste(input, { clipboardData: { getData: () => '12a' } })).toBe(false);
    expect(fireEvent.paste(input, { clipboardData: { getData: () => '123' } })).toBe(true);
  });
});

describe('CoordinateInput', () => {
  it('is numeric with step 0.000001 and range -180..180, allowing sign and decimal point', async () => {
    render(
      <InForm>
        <CoordinateInput source="latitude" label="Latitude" />
      </InForm>,
    );
    const input = await screen.findByLabelText('Latitude');
    expect(input.getAttribute('type')).toBe('number');
    expect(input.getAttribute('step')).toBe('0.000001');
    expect(input.getAttribute('min')).toBe('-180');
    expect(input.getAttribute('max')).toBe('180');
    expect(typed(input, 'x')).toBe(false);
    expect(typed(input, '-')).toBe(true);
    expect(typed(input, '.')).toBe(true);
  });
});

describe('PhoneInput', () => {
  it('shows the +1 242 dial prefix for the Bahamas', async () => {
    render(
      <InForm values={{ country: 'BS' }}>
        <PhoneInput source="phone" label="Phone" />
      </InForm>,
    );
    await screen.findByLabelText('Phone');
    expect(screen.getByText('+1 242')).toBeTruthy();
  });

  it('follows the form country and falls back to BS for unknown countries', async () => {
    const { unmount } = render(
      <InForm values={{ country: 'ES' }}>
        <PhoneInput source="phone" label="Phone" />
      </InForm>,
    );
    expect(await screen.findByText('+34')).toBeTruthy();
    unmount();
    render(
      <InForm values={{ country: 'ZZ' }}>
        <PhoneInput source="phone" label="Phone" />
      </InForm>,
    );
    expect(await screen.findByText('+1 242')).toBeTruthy();
  });

  it('stores the full national number while the adornment carries the area digits', () => {
    expect(phoneAdornment('BS')).toBe('+1 242');
    expect(parsePhone('3234567', 'BS')).toBe('2423234567');
    expect(formatPhone('2423234567', 'BS')).toBe('3234567');
    expect(parsePhone('+4915112345678', 'BS')).toBe('+4915112345678');
    expect(parsePhone('612345678', 'ES')).toBe('612345678');
    expect(parsePhone('', 'BS')).toBeNull();
  });

  it('keeps a complete national number typed or pasted with its area digits (not doubled)', () => {
    expect(parsePhone('242 359 1234', 'BS')).toBe('242 359 1234');
    expect(parsePhone('(242) 359-1234', 'BS')).toBe('(242) 359-1234');
    expect(formatPhone('242 359 1234', 'BS')).toBe('359 1234');
    expect(parsePhone('242', 'BS')).toBe('242242');
  });

  it('shows a number stored internationally for the country without repeating the adornment', () => {
    expect(formatPhone('+12423571234', 'BS')).toBe('3571234');
    expect(formatPhone('+34 612 345 678', 'ES')).toBe('612345678');
    expect(formatPhone('+4915112345678', 'BS')).toBe('+4915112345678');
    // Edited and saved again, it is stored as the full national number.
    expect(parsePhone(formatPhone('+12423571234', 'BS'), 'BS')).toBe('2423571234');
  });
});

describe('CountryInput', () => {
  it('defaults to BS', async () => {
    render(
      <InForm>
        <CountryInput source="country" label="Country" />
      </InForm>,
    );
    const input = (await screen.findByLabelText('Country')) as HTMLInputElement;
    expect(input.value).toMatch(/Bahamas \(\+1\)/);
  });
});

describe('CountryField', () => {
  it('shows the stored code by its name, labelled by its source', async () => {
    render(
      <AdminContext i18nProvider={testI18n}>
        <RecordContextProvider value={{ id: 1, country: 'BS' }}>
          <SimpleShowLayout>
            <CountryField source="country" />
          </SimpleShowLayout>
        </RecordContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('Bahamas')).toBeTruthy();
    expect(screen.queryByText('BS')).toBeNull();
    expect(screen.getByText('Country')).toBeTruthy();
  });

  it('names countries in the locale and keeps an unknown code as it is', () => {
    expect(countryName('ES', 'es')).toBe('España');
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('??', 'en')).toBe('??');
  });
});

describe('BitmaskInput', () => {
  it('offers only the allowed bits with translated labels and toggles them', async () => {
    render(
      <InForm values={{ channels: CHANNELS.email }}>
        <BitmaskInput source="channels" bits={CHANNELS} allowed={CHANNELS.email | CHANNELS.sms} labelPrefix="channels" label="Channels" />
      </InForm>,
    );
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    const sms = screen.getByLabelText('SMS') as HTMLInputElement;
    expect(screen.queryByLabelText('WhatsApp')).toBeNull();
    expect(email.checked).toBe(true);
    expect(sms.checked).toBe(false);
    fireEvent.click(sms);
    expect(sms.checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Channels' })).toBeTruthy();
  });
});
