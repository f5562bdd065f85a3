/**
 * A text field of a react-admin `<Form>` drawn as a plain MUI TextField: its value kept as typed ('' stays ''),
 * and its error (a validation key, e.g. the API's 422 `errors` returned from onSubmit) translated as its helper text.
 */
import { TextField, type TextFieldProps } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

export interface FormTextFieldProps extends Pick<TextFieldProps, 'type' | 'size' | 'sx' | 'slotProps' | 'placeholder' | 'autoComplete'> {
  source: string;
  label: string;
  /** Shown below the field when it has no error. */
  helper?: string;
  /** Arguments of the error message (e.g. `{ length: 16 }` for validation.min). */
  messageArgs?: Record<string, unknown>;
}

export function FormTextField({ source, label, helper, messageArgs, ...props }: FormTextFieldProps) {
  const translate = useTranslate();
  const { field: input, fieldState } = useInput({ source, parse: (value: string) => value });
  const problem = fieldState.error?.message;
  return (
    <TextField
      {...props}
      label={label}
      name={input.name}
      inputRef={input.ref}
      value={input.value ?? ''}
      onChange={(e) => input.onChange(e.target.value)}
      onBlur={input.onBlur}
      error={Boolean(problem)}
      helperText={problem ? translate(problem, { _: problem, ...messageArgs }) : helper}
    />
  );
}
