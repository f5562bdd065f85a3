import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type InputProps } from 'react-admin';
import { hasBit } from '../../../core/features.js';

export type BitmaskInputProps = InputProps & {
  /** name -> bit, e.g. FEATURES or CHANNELS. */
  bits: Record<string, number>;
  /** i18n prefix for option labels, e.g. `features` -> `features.batches`. */
  labelPrefix: string;
  /** Only these bits are offered (e.g. BATCH_CHANNELS). */
  allowed?: number;
  label?: ReactNode;
};

/** Checkbox group editing a bitmask stored as one integer (features, channels, roles). */
export function BitmaskInput({ bits, labelPrefix, allowed, label, helperText, ...props }: BitmaskInputProps) {
  const translate = useTranslate();
  const resource = useResourceContext(props);
  const { field, fieldState, isRequired } = useInput({ defaultValue: 0, ...props });
  const labelId = useId();
  const mask = Number(field.value ?? 0);
  const options = Object.entries(bits).filter(([, bit]) => allowed === undefined || hasBit(allowed, bit));
  const toggle = (bit: number, on: boolean) => field.onChange(on ? mask | bit : mask & ~bit);
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <FormControl component="fieldset" error={!!error} margin="dense" sx={{ display: 'block' }}>
      <FormLabel component="legend" id={labelId}>
        <FieldTitle label={label} source={props.source} resource={resource} isRequired={isRequired} />
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        {options.map(([name, bit]) => (
          <FormControlLabel
            key={name}
            label={translate(`${labelPrefix}.${name}`)}
            control={<Checkbox checked={hasBit(mask, bit)} onChange={(e) => toggle(bit, e.target.checked)} onBlur={field.onBlur} />}
          />
        ))}
      </FormGroup>
      {(error || helperText) && (
        <FormHelperText>
          <InputHelperText error={error} helperText={helperText} />
        </FormHelperText>
      )}
    </FormControl>
  );
}
