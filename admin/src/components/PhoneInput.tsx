import { InputAdornment } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { TextInput, type TextInputProps } from 'react-admin';
import { allowOnlyKeys, allowOnlyPaste } from './NumericInput.js';
import { formatPhone, parsePhone, phoneAdornment } from './phonePrefix.js';

export type PhoneInputProps = TextInputProps & {
  /** The form field holding the ISO country code the number belongs to (default `country`). */
  countryField?: string;
};

/**
 * Phone number input showing the country's dial prefix (e.g. "+1 242" for BS) as an adornment. The
 * stored value is the national number (area digits included); the form's schema checks it against the
 * country (core `phone` rule with the same countryField).
 */
export function PhoneInput({ countryField = 'country', ...props }: PhoneInputProps) {
  const country = useWatch({ name: countryField });
  return (
    <TextInput
      type="tel"
      format={(v: unknown) => formatPhone(v, country)}
      parse={(v: string) => parsePhone(v, country)}
      {...props}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">{phoneAdornment(country)}</InputAdornment> },
        htmlInput: { inputMode: 'tel', onKeyDown: allowOnlyKeys(' +-()'), onPaste: allowOnlyPaste(' +-()') },
      }}
    />
  );
}
