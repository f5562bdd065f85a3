import { useMemo } from 'react';
import { SelectInput, useFieldValue, useTranslate, type FieldProps, type SelectInputProps } from 'react-admin';
import { statusCodes, type StatusTable } from '../../../core/statuses.js';

/** Translated choices for a core list: values `SMALL` with prefix `sizes` -> `sizes.SMALL`. */
export function useEnumChoices(values: readonly (string | number)[], prefix: string) {
  const translate = useTranslate();
  return useMemo(
    () => values.map((v) => ({ id: v, name: translate(`${prefix}.${v}`, { _: String(v) }) })),
    [values, prefix, translate],
  );
}

export type EnumInputProps = Omit<SelectInputProps, 'choices'> & { values: readonly (string | number)[]; prefix: string };

/** Select over a core constant list with translated labels. */
export function EnumInput({ values, prefix, ...props }: EnumInputProps) {
  return <SelectInput choices={useEnumChoices(values, prefix)} {...props} />;
}

/** Translated value of a core constant list. */
export function EnumField({ prefix, ...props }: FieldProps & { prefix: string }) {
  const translate = useTranslate();
  const value = useFieldValue(props);
  return <span>{value === null || value === undefined || value === '' ? '' : translate(`${prefix}.${value}`, { _: String(value) })}</span>;
}

/** Status select (filters, forms) with translated choices. */
export function StatusInput({ table, ...props }: Omit<SelectInputProps, 'choices'> & { table: StatusTable }) {
  return <EnumInput source="status" values={statusCodes(table)} prefix={`statuses.${table}`} {...props} />;
}
