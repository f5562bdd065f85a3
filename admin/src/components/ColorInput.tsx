/**
 * A colour chosen with the browser's colour picker (`<input type="color">`), with the hex value beside it as
 * a text field for typing or pasting `#RRGGBB`. `ColorField` is the controlled field (any form);
 * `ColorInput` wraps it as a react-admin input. In a ResourceForm the form's schema checks the value
 * (react-admin runs form-level validation only: e.g. the merchant form adds `branding.email_theme` from
 * `schemas.merchantBranding`, core rule `hex_color`); elsewhere pass `rules`.
 */
import type { ReactNode, Ref } from 'react';
import { Box, InputAdornment, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps, type ValidationErrorMessage } from 'react-admin';
import type { Rule } from '../../../core/validation.js';
import { brandColor, DEFAULT_BRAND_COLOR } from '../../../core/brand-color.js';
import { fieldValidators } from './validators.js';

export interface ColorFieldProps {
  id?: string;
  name: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  inputRef?: Ref<HTMLInputElement>;
  label: ReactNode;
  /** Plain text naming the field, for the picker's accessible name. */
  labelText: string;
  error?: boolean;
  helperText?: ReactNode;
  /** The picker's colour while the field is empty. */
  emptyColor?: string;
}

export function ColorField({ id, name, value, onChange, onBlur, inputRef, label, labelText, error, helperText, emptyColor = DEFAULT_BRAND_COLOR }: ColorFieldProps) {
  const translate = useTranslate();
  return (
    <TextField
      id={id}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      label={label}
      error={error}
      helperText={helperText}
      placeholder="#RRGGBB"
      size="small"
      sx={{ width: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { maxLength: 7, spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box
                component="input"
                type="color"
                value={brandColor(value) ?? emptyColor}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
                aria-label={translate('app.color_picker', { field: labelText })}
                sx={{ width: 36, height: 28, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

export type ColorInputProps = Pick<InputProps, 'source' | 'label' | 'helperText'> & {
  rules?: Rule[];
  emptyColor?: string;
};

export function ColorInput({ source, label, helperText, rules, emptyColor }: ColorInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, validate: rules ? fieldValidators(rules) : undefined });
  // A string or react-admin's { message, args }: InputHelperText translates either, as the stock inputs do.
  const error = fieldState.invalid ? (fieldState.error?.message as ValidationErrorMessage | undefined) : undefined;
  return (
    <ColorField
      id={id}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      labelText={typeof label === 'string' ? translate(label, { _: label }) : source}
      error={Boolean(error)}
      helperText={<InputHelperText error={error} helperText={helperText} />}
      emptyColor={emptyColor}
    />
  );
}
