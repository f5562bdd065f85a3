/**
 * Manifest lifecycle verbs from `_actions` (finalize, go live, fulfil, delivery attempted) and, while the
 * manifest is a draft, adding or removing packages by barcode (one per line or comma-separated).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { useNotifyDone } from '../../components/successNotice.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, confirmKey, verbLabel } from './verbs.js';

const LIFECYCLE = ['finalize', 'go-live', 'fulfil', 'delivery-attempted'] as const;

export const parseBarcodes = (text: string) => [...new Set(text.split(/[\s,;]+/).map((b) => b.trim()).filter(Boolean))];

function PackagesButton({ id, verb }: { id: number; verb: 'add-packages' | 'remove-packages' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const record = useRecordContext();
  const notifyDone = useNotifyDone('manifests');
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const barcodes = parseBarcodes(text);
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act('manifests', id, verb, { barcodes });
      notifyDone(verb, record);
      setOpen(false);
      setText('');
      refresh();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-verb={verb}>{translate(verbLabel(verb))}</Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate(verbLabel(verb))}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('operations.manifest.barcodes_hint')}</DialogContentText>
          <TextField autoFocus fullWidth multiline minRows={4} margin="dense" label={translate('operations.manifest.barcodes')}
            value={text} onChange={(e) => setText(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || barcodes.length === 0} onClick={() => void submit()}>
            {translate('operations.manifest.submit', { smart_count: barcodes.length })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function ManifestActions() {
  const record = useRecordContext();
  if (!record) return null;
  const id = Number(record.id);
  const allowed = actionsOf(record);
  return (
    <>
      {allowed.includes('add-packages') && <PackagesButton id={id} verb="add-packages" />}
      {allowed.includes('remove-packages') && <PackagesButton id={id} verb="remove-packages" />}
      {LIFECYCLE.filter((verb) => allowed.includes(verb)).map((verb) => (
        <VerbButton key={verb} resource="manifests" id={id} verb={verb} label={verbLabel(verb)} confirm={confirmKey(verb)} />
      ))}
    </>
  );
}
