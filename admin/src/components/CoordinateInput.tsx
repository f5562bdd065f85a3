import { NumberInput, type NumberInputProps } from 'react-admin';
import { allowOnlyKeys, allowOnlyPaste } from './NumericInput.js';

/** Latitude/longitude input: numeric, step 0.000001, range -180..180 (SPEC section 5). */
export function CoordinateInput(props: NumberInputProps) {
  return (
    <NumberInput
      step={0.000001}
      min={-180}
      max={180}
      {...props}
      slotProps={{ htmlInput: { onKeyDown: allowOnlyKeys('-.'), onPaste: allowOnlyPaste('-.') } }}
    />
  );
}
