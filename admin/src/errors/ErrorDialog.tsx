import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { subscribeHttpErrors, type HttpErrorEvent } from './bus.js';
import { useLocation } from 'react-router-dom';
import { describeHttpError, resourceOfPath } from './messages.js';

/**
 * The global HTTP error dialog (SPEC section 8). One instance lives in each layout; errors queue up
 * and show one at a time. 401 signs the user out instead.
 */
export function ErrorDialog() {
  const translate = useTranslate();
  const logout = useLogout();
  const [queue, setQueue] = useState<HttpErrorEvent[]>([]);
  const resource = resourceOfPath(useLocation().pathname);

  useEffect(
    () =>
      subscribeHttpErrors((event) => {
        if (event.status === 401) {
          logout(undefined, '/signin', false);
          return;
        }
        setQueue((q) => [...q, event]);
      }),
    [logout],
  );

  const current = queue[0];
  if (!current) return null;
  const fieldLabel = (field: string) => (resource ? translate(`resources.${resource}.fields.${field}`, { _: field }) : field);
  const { message, details } = describeHttpError(current, (key, params) => translate(key, { _: key, ...params }), fieldLabel);
  const close = () => setQueue((q) => q.slice(1));

  return (
    <Dialog open onClose={close} aria-labelledby="http-error-title" aria-describedby="http-error-message">
      <DialogTitle id="http-error-title">{translate('http.error_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="http-error-message">{message}</DialogContentText>
        {details.length > 0 && (
          <ul>
            {details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          {translate('http.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
