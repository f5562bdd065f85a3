import { Box } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslate, useTranslateLabel } from 'react-admin';
import { isRequired, type Schema } from '../../../core/validation.js';

/**
 * Field label with a visible "Required" badge (text, not only colour or an asterisk). The space before the
 * badge keeps the accessible name two words ("Drop-off location Required"), not "Drop-off locationRequired".
 */
export function RequiredLabel({ children, required = true }: { children: ReactNode; required?: boolean }) {
  const translate = useTranslate();
  return (
    <span>
      {children}
      {required && ' '}
      {required && (
        <Box
          component="span"
          sx={{ ml: 0.5, px: 0.5, fontSize: '0.7em', border: 1, borderRadius: 1, verticalAlign: 'middle' }}
        >
          {translate('app.required')}
        </Box>
      )}
    </span>
  );
}

interface FormSchema {
  resource: string;
  schema: Schema;
}

/** The schema of the surrounding form, so labels know which fields are required. */
export const FormSchemaContext = createContext<FormSchema | null>(null);

/** Translated label for `source`, with the badge when the form schema requires it. */
export function SchemaLabel({ source, label }: { source: string; label?: string }) {
  const ctx = useContext(FormSchemaContext);
  const translateLabel = useTranslateLabel();
  const text = translateLabel({ source, label, resource: ctx?.resource });
  return <RequiredLabel required={isRequired(ctx?.schema[source])}>{text}</RequiredLabel>;
}

/** Shorthand: `label={req('name')}` */
export const req = (source: string) => <SchemaLabel source={source} />;
