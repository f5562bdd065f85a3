/**
 * A credential dialog (terminal secret, courier badge): what it is for, when the current one was created, a
 * button that creates a new one, and the new value shown this once (never again: only its digest is stored).
 * `resource`/`id`/`part` name it (GET /api/:resource/:id/:part answers { data: { created_at } }; the POST, a
 * dataProvider `act`, answers { data: { [field]: value } }); texts under `prefix`
 * (title, intro, since, none, create, shown_once).
 */
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { useApiGet } from '../../pages/useApi.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { useLockerTexts } from './useLockerTexts.js';

export interface ShownOnceDialogProps {
  onClose: () => void;
  resource: string;
  id: Identifier;
  /** The credential's name under the record: `badge`, `terminal-secret`. */
  part: string;
  field: string;
  prefix: string;
  testId: string;
  /** Extra buttons (revoke), given the current creation date and a reload. */
  extra?: (since: string | null, reload: () => void) => ReactNode;
}

export function ShownOnceDialog({ onClose, resource, id, part, field, prefix, testId, extra }: ShownOnceDialogProps) {
  const translate = useTranslate();
  const tl = useLockerTexts();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const { data, reload } = useApiGet<{ data: { created_at: string | null } }>(`${resource}/${id}/${part}`);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const since = data?.data.created_at;
  const create = async () => {
    setBusy(true);
    try {
      const res = await dataProvider.act(resource, id, part);
      setValue(String(res?.data?.[field] ?? ''));
      reload();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{tl(`${prefix}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{tl(`${prefix}.intro`)}</DialogContentText>
        {data && (
          <DialogContentText sx={{ mb: 2 }}>
            {since ? tl(`${prefix}.since`, { date: new Date(since).toLocaleString(locale) }) : tl(`${prefix}.none`)}
          </DialogContentText>
        )}
        {value && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>{tl(`${prefix}.shown_once`)}</Alert>
            <TextField value={value} label={tl(`${prefix}.title`)} fullWidth onFocus={(e) => e.target.select()}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': testId, style: { fontFamily: 'monospace', fontSize: '1.25rem' } } }} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data && extra?.(since ?? null, reload)}
        <Button variant="outlined" onClick={() => void create()} disabled={busy}>{tl(`${prefix}.create`)}</Button>
        <Button variant="contained" onClick={onClose} disabled={busy}>{translate('operations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
