import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { bitsOf } from '../../../core/features.js';
import { ChipList } from './ChipList.js';
import { EmptyValue } from './DetailSections.js';

/** Shows the names of the bits set in a bitmask field as chips. */
export function BitmaskField({ bits, labelPrefix, ...props }: FieldProps & { bits: Record<string, number>; labelPrefix: string }) {
  const translate = useTranslate();
  const value = Number(useFieldValue(props) ?? 0);
  const names = bitsOf(bits, value);
  if (!names.length) return <EmptyValue />;
  return <ChipList labels={names.map((name) => ({ key: String(name), label: translate(`${labelPrefix}.${String(name)}`) }))} />;
}
