/** Location verbs for superadmin and support: approve, and create a locker terminal with one of the layouts. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useId, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { LOCKER_LAYOUTS } from '../../../../core/constants.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { OccupancyButton } from '../lockers/OccupancyDialog.js';
import { VerbButton } from './VerbButton.js';
import { actionsOf, verbLabel } from './verbs.js';
import { DoorEventsButton } from '../locker-access/DoorEventsButton.js';
import { TerminalSecretButton } from '../locker-access/TerminalSecretButton.js';

export function LocationApproveButton() {
  const record = useRecordContext();
  if (!record || !actionsOf(record).includes('approve')) return null;
  return <VerbButton resource="locations" id={Number(record.id)} verb="approve" label={verbLabel('approve')} />;
}

export function CreateTerminalDialog({ open, locationId, onClose }: { open: boolean; locationId: number; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [layout, setLayout] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const labelId = useId();
  const submit = async () => {
    setBusy(true);
    try {
      await dataProvider.act('locations', locationId, 'create-terminal', { terminalLayout: layout });
      notify(translate('operations.terminal.created', { layout }), { type: 'success' });
      onClose();
      refresh();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate(verbLabel('create-terminal'))}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('operations.terminal.intro')}</DialogContentText>
        <FormControl fullWidth>
          <InputLabel id={labelId}>{translate('operations.terminal.layout')}</InputLabel>
          <Select labelId={labelId} label={translate('operations.terminal.layout')} value={layout} onChange={(e) => setLayout(String(e.target.value))}>
            {LOCKER_LAYOUTS.map((l) => (
              <MenuItem key={l.id} value={l.id}>
                {translate('operations.terminal.option', { layout: l.id, smart_count: l.compartments })}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !layout} onClick={() => void submit()}>
          {translate(verbLabel('create-terminal'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CreateTerminalButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record || !actionsOf(record).includes('create-terminal')) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-verb="create-terminal">
        {translate(verbLabel('create-terminal'))}
      </Button>
      <CreateTerminalDialog open={open} locationId={Number(record.id)} onClose={() => setOpen(false)} />
    </>
  );
}

/** The location verbs for a show-page toolbar, a locker's occupancy grid, the terminal's secret and door events (docs/lockers.md). */
export function LocationActions() {
  return (
    <>
      <LocationApproveButton />
      <CreateTerminalButton />
      <OccupancyButton />
      <TerminalSecretButton />
      <DoorEventsButton />
    </>
  );
}
