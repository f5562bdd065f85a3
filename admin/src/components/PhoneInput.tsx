import { InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { TextInput, type TextInputProps } from 'react-admin';
import { dialPrefix } from '../../../core/validation.js';
import { allowOnlyKeys, allowOnlyPaste } from './NumericInput.js';

export type PhoneInputProps = TextInputProps & {
  /** The form field holding the ISO country code the number belongs to (default `country`). */
  countryField?: string;
};

/**
 * Phone number input showing the country's dial prefix (e.g. +1242 for BS) as an adornment. The form's
 * schema checks the number against that country (core `phone` rule with the same countryField).
 */
export function PhoneInput({ countryField = 'country', ...props }: PhoneInputProps) {
  const country = useWatch({ name: countryField });
  const prefix = dialPrefix(country);
  return (
    <TextInput
      type="tel"
      {...props}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> },
        htmlInput: { inputMode: 'tel', onKeyDown: allowOnlyKeys(' +-()'), onPaste: allowOnlyPaste(' +-()') },
      }}
    />
  );
}
