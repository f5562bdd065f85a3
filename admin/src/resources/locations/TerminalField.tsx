import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { PACKAGE_SIZES } from '../../../../core/constants.js';

interface Terminal {
  layout?: string;
  compartments?: Partial<Record<string, number>>;
}

function parse(value: unknown): Terminal | null {
  if (value && typeof value === 'object') return value as Terminal;
  if (typeof value !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as Terminal) : null;
  } catch {
    return null;
  }
}

/**
 * A locker's terminal as people read it, "L48 (48 compartments) · Small 24 · Medium 14 · Large 10", instead
 * of the provider's JSON (which also ran off the page sideways). Text that is not such JSON shows as it is.
 */
export function TerminalField(_props: { source?: string; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const raw = record?.terminal;
  if (raw === null || raw === undefined || raw === '') return null;
  const terminal = parse(raw);
  if (!terminal?.layout) return <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{String(raw)}</Typography>;
  const sizes = PACKAGE_SIZES.filter((size) => Number(terminal.compartments?.[size]) > 0);
  const total = sizes.reduce((sum, size) => sum + Number(terminal.compartments![size]), 0);
  const parts = [
    total > 0 ? translate('operations.terminal.option', { layout: terminal.layout, smart_count: total }) : terminal.layout,
    ...sizes.map((size) => `${translate(`sizes.${size}`)} ${terminal.compartments![size]}`),
  ];
  return <Typography variant="body2">{parts.join(' · ')}</Typography>;
}
