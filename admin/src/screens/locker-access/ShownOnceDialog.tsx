/**
 * A credential dialog (terminal secret, courier badge): what it is for, when the current one was created, a
 * button that creates a new one, and the new value shown this once (never again: only its digest is stored).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';

export interface ShownOnceDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** The current credential's creation date, null without one (undefined while loading). */
  since: string | null | undefined;
  sinceKey: string;
  noneKey: string;
  createLabel: string;
  shownOnceKey: string;
  /** Creates a new credential and answers it. */
  create: () => Promise<string>;
  /** Extra buttons (revoke). */
  extra?: ReactNode;
  testId: string;
}

export function ShownOnceDialog({ open, onClose, title, intro, since, sinceKey, noneKey, createLabel, shownOnceKey, create, extra, testId }: ShownOnceDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const close = () => {
    setValue('');
    onClose();
  };
  const run = async () => {
    setBusy(true);
    try {
      setValue(await create());
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
        {since !== undefined && (
          <DialogContentText sx={{ mb: 2 }}>
            {since ? translate(sinceKey, { date: new Date(since).toLocaleString(locale) }) : translate(noneKey)}
          </DialogContentText>
        )}
        {value && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>{translate(shownOnceKey)}</Alert>
            <TextField value={value} label={title} fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace', fontSize: '1.25rem' } } }}
              onFocus={(e) => e.target.select()} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {extra}
        <Button variant="outlined" onClick={() => void run()} disabled={busy}>{createLabel}</Button>
        <Button variant="contained" onClick={close} disabled={busy}>{translate('operations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
