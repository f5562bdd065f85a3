import { useMemo } from 'react';
import { AutocompleteInput, FunctionField, useLocale, type AutocompleteInputProps, type RaRecord } from 'react-admin';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY } from '../../../core/constants.js';

/** Country names in a locale (Intl), or undefined where the runtime has none. */
function regionNames(locale: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return undefined;
  }
}

/** An ISO country code's name in the locale ('BS' -> 'Bahamas'); the code itself when unknown. */
export function countryName(code: string, locale: string): string {
  try {
    return regionNames(locale)?.of(code) ?? code;
  } catch {
    return code; // not a well-formed region code
  }
}

/** Country choices (ISO codes known to libphonenumber-js) named in the current locale. */
export function useCountryChoices() {
  const locale = useLocale();
  return useMemo(() => {
    const names = regionNames(locale);
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

/** A stored ISO country code shown by its name in the current locale. */
export function CountryField({ source, label }: { source: string; label?: string }) {
  const locale = useLocale();
  return <FunctionField source={source} label={label} render={(record: RaRecord) => (record[source] ? countryName(String(record[source]), locale) : '')} />;
}
