/** A refused file or step, explained inline: the server's message, what to do about it, and the code. */
import { Alert, AlertTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportRequestError } from './importApi.js';
import { useImportWizard } from './importKinds.js';

/** Codes with a "what to do" hint under screens.import.hints (the part after `import.`). */
const HINTED = new Set([
  'too_large',
  'too_many_rows',
  'zip_bomb',
  'empty',
  'no_rows',
  'unsupported_format',
  'unreadable',
  'sheet_not_found',
  'invalid_rows',
  'nothing_to_import',
  'references_taken',
]);

export function ImportProblem({ error, title, action }: { error: ImportRequestError | null; title?: string; action?: ReactNode }) {
  const translate = useTranslate();
  const wizard = useImportWizard();
  if (!error) return null;
  const short = error.code?.startsWith('import.') ? error.code.slice('import.'.length) : undefined;
  const hint = short && HINTED.has(short) ? translate(wizard.texts.hints?.[short] ?? `screens.import.hints.${short}`) : null;
  const message = error.message || translate('http.unexpected', { message: '' });
  const fields = Object.values(error.fields);
  return (
    <Alert severity="error" role="alert" action={action} data-testid="import-problem" data-code={error.code ?? ''}>
      <AlertTitle>{title ?? translate('screens.import.problem.title')}</AlertTitle>
      {message}
      {fields.length > 0 && <div>{fields.join(' ')}</div>}
      {hint && <div>{hint}</div>}
      {error.code && <div>{translate('screens.import.problem.code', { code: error.code })}</div>}
    </Alert>
  );
}
