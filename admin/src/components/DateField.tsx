import { DateField as RaDateField, useLocaleState, type DateFieldProps } from 'react-admin';

/** react-admin's DateField in the interface language (its default is the browser's, e.g. en-US dates on a Spanish screen). */
export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={locale} {...props} />;
}
