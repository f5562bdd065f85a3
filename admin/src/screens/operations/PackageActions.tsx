/**
 * Package page verbs, only those in the record's `_actions`: print (PDF), reroute (the driver screens'
 * dialog), consolidate (asks for the container), and the plain verbs, destructive ones after a confirmation.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNotifyDone } from '../../components/successNotice.js';
import { RerouteDialog } from '../scan/RerouteDialog.js';
import type { PackageRecord } from '../shared/operationsApi.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { printLabels } from './operationsClient.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, confirmKey, isDestructive, verbLabel } from './verbs.js';

/** Shown in this order; `process` lives in the superadmin debug panel. */
const PACKAGE_VERBS = [
  'print', 'pickup', 'check-in', 'check-out', 'deposit', 'reroute', 'consolidate', 'deconsolidate', 'extend-expiry', 'expire',
  'confirm-payment', 'notify', 'resend-pickup-code', 'runhook', 'force-sync', 'mark-as-returned', 'mark-as-lost', 'cancel',
] as const;

function ConsolidateButton({ id }: { id: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const record = useRecordContext();
  const notifyDone = useNotifyDone('packages');
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [into, setInto] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act('packages', id, 'consolidate', { into: into.trim() });
      notifyDone('consolidate', record);
      setOpen(false);
      refresh();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-verb="consolidate">
        {translate(verbLabel('consolidate'))}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{translate(verbLabel('consolidate'))}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('operations.package.container')}
            value={into}
            onChange={(e) => setInto(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && into.trim() && void submit()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || !into.trim()} onClick={() => void submit()}>
            {translate(verbLabel('consolidate'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function RerouteButton({ record }: { record: PackageRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pkg, setPkg] = useState<PackageRecord | null>(null);
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setPkg(record)} data-verb="reroute">
        {translate(verbLabel('reroute'))}
      </Button>
      <RerouteDialog
        pkg={pkg}
        onClose={() => setPkg(null)}
        onRerouted={(result) => {
          setPkg(null);
          notify(translate('screens.ops.reroute.done', { barcode: result.data.barcode }), { type: 'success' });
          refresh();
        }}
      />
    </>
  );
}

export function PackageActions() {
  const record = useRecordContext();
  if (!record) return null;
  const id = Number(record.id);
  const allowed = actionsOf(record);
  return (
    <>
      {PACKAGE_VERBS.filter((verb) => allowed.includes(verb)).map((verb) => {
        if (verb === 'reroute') return <RerouteButton key={verb} record={record as unknown as PackageRecord} />;
        if (verb === 'consolidate') return <ConsolidateButton key={verb} id={id} />;
        if (verb === 'print') {
          return (
            <VerbButton key={verb} resource="packages" id={id} verb={verb} label={verbLabel(verb)}
              run={() => printLabels('packages', id, `label-${String(record.barcode ?? id)}.pdf`)} />
          );
        }
        return (
          <VerbButton key={verb} resource="packages" id={id} verb={verb} label={verbLabel(verb)}
            confirm={confirmKey(verb)} color={isDestructive(verb) ? 'error' : 'primary'} />
        );
      })}
    </>
  );
}
