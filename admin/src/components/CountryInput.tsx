import { useMemo } from 'react';
import { AutocompleteInput, useLocale, type AutocompleteInputProps } from 'react-admin';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY } from '../../../core/constants.js';

/** Country choices (ISO codes known to libphonenumber-js) named in the current locale. */
export function useCountryChoices() {
  const locale = useLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = undefined;
    }
    return getCountries()
      .map((code) => ({ id: code, name: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
}

/** ISO country select, defaulting to BS (SPEC section 9). */
export function CountryInput(props: Omit<AutocompleteInputProps, 'choices'>) {
  const choices = useCountryChoices();
  return <AutocompleteInput source="country" defaultValue={DEFAULT_COUNTRY} choices={choices} {...props} />;
}
