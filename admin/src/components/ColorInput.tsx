/**
 * A colour chosen with the browser's colour picker (`<input type="color">`), wrapped as a react-admin
 * input, with the hex value beside it as a text field for typing or pasting `#RRGGBB`. In a ResourceForm the
 * form's schema checks it (react-admin runs form-level validation only: e.g. the merchant form adds
 * `branding.email_theme` from `schemas.merchantBranding`, core rule `hex_color`); elsewhere pass `rules`.
 */
import { Box, InputAdornment, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type ValidationErrorMessage } from 'react-admin';
import type { Rule } from '../../../core/validation.js';
import { brandColor } from '../../../core/brand-color.js';
import { fieldValidators } from './validators.js';

export type ColorInputProps = Pick<InputProps, 'source' | 'label' | 'helperText'> & {
  rules?: Rule[];
  /** The picker's colour while the field is empty. */
  emptyColor?: string;
};

export function ColorInput({ source, label, helperText, rules, emptyColor = '#263238' }: ColorInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, validate: rules ? fieldValidators(rules) : undefined });
  const value = typeof field.value === 'string' ? field.value : '';
  const picked = brandColor(value) ?? emptyColor;
  // A string or react-admin's { message, args }: InputHelperText translates either, as the stock inputs do.
  const error = fieldState.invalid ? (fieldState.error?.message as ValidationErrorMessage | undefined) : undefined;
  const labelText = <FieldTitle label={label} source={source} isRequired={isRequired} />;
  return (
    <TextField
      id={id}
      name={field.name}
      value={value}
      onChange={(e) => field.onChange(e.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={labelText}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      placeholder="#RRGGBB"
      size="small"
      sx={{ width: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false, 'data-testid': `${source}-hex` },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                value={picked}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
                aria-label={translate('app.color_picker', { field: typeof label === 'string' ? translate(label, { _: label }) : source })}
                data-testid={`${source}-picker`}
                sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
