import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { HttpErrorEvent } from './bus.js';
import { describeHttpError, messageLine, resourceOfPath } from './messages.js';

/** The dialog of one HTTP error (errors/ErrorDialog.tsx queues them); a chunk of its own, fetched with the first error. */
export function ErrorDialogView({ error, onClose }: { error: HttpErrorEvent; onClose: () => void }) {
  const translate = useTranslate();
  const resource = resourceOfPath(useLocation().pathname);
  const fieldLabel = (field: string) => (resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field);
  const described = describeHttpError(error, (key, params) => translate(key, { _: key, ...params }), fieldLabel);
  const { details } = described;

  return (
    <Dialog open onClose={onClose} aria-labelledby="http-error-title" aria-describedby="http-error-message">
      <DialogTitle id="http-error-title">{translate('http.error_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="http-error-message">{messageLine(described)}</DialogContentText>
        {details.length > 0 && (
          <ul>
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('http.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
