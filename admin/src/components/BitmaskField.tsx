import { Chip, Stack } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { bitsOf } from '../../../core/features.js';
import { EmptyValue } from './DetailSections.js';

/** Shows the names of the bits set in a bitmask field as chips. */
export function BitmaskField({ bits, labelPrefix, ...props }: FieldProps & { bits: Record<string, number>; labelPrefix: string }) {
  const translate = useTranslate();
  const value = Number(useFieldValue(props) ?? 0);
  const names = bitsOf(bits, value);
  if (!names.length) return <EmptyValue />;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {names.map((name) => (
        <Chip key={String(name)} size="small" label={translate(`${labelPrefix}.${String(name)}`)} />
      ))}
    </Stack>
  );
}
