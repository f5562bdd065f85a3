import { Chip, type ChipProps } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import type { StatusTable } from '../../../core/statuses.js';

/** Translated label of a status code (`statuses.<table>.<code>`). */
export function useStatusLabel(table: StatusTable) {
  const translate = useTranslate();
  return (code: unknown) =>
    code === null || code === undefined ? '' : translate(`statuses.${table}.${code}`, { _: String(code) });
}

/** Colour hint per status; the label always carries the meaning (no colour-only status). */
function statusColor(code: number): ChipProps['color'] {
  if (code < 0) return 'error';
  if (code >= 100) return 'success';
  if (code >= 50) return 'info';
  return 'default';
}

type StatusFieldProps = Omit<FieldProps, 'source'> & { table: StatusTable; source?: string };

export function StatusField({ table, ...props }: StatusFieldProps) {
  const label = useStatusLabel(table);
  return <span>{label(useFieldValue({ ...props, source: props.source ?? 'status' }))}</span>;
}

export function StatusChipField({ table, ...props }: StatusFieldProps) {
  const label = useStatusLabel(table);
  const value = useFieldValue({ ...props, source: props.source ?? 'status' });
  if (value === null || value === undefined) return null;
  return <Chip size="small" variant="outlined" color={statusColor(Number(value))} label={label(value)} />;
}
