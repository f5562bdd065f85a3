/**
 * Warehouse check-out: the package goes to a driver, chosen here (one tap per driver on a phone). The API
 * refuses a check-out to nobody, which would leave the package out of every driver's reach.
 */
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePackageOperations, type Driver, type PackageRecord } from '../shared/operationsApi.js';
import { describeScanError, type ScanProblem } from '../shared/scanError.js';

export interface HandoverDialogProps {
  pkg: PackageRecord | null;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (driver: Driver) => void;
}

export function HandoverDialog({ pkg, busy, onCancel, onSubmit }: HandoverDialogProps) {
  const translate = useTranslate();
  const [drivers, setDrivers] = useState<Driver[] | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const open = pkg !== null;
  const { handoverDrivers } = usePackageOperations();

  useEffect(() => {
    setChoice(null);
    setProblem(null);
    if (!open) return;
    let live = true;
    handoverDrivers()
      .then((res) => live && setDrivers(res.data))
      .catch((error) => live && setProblem(describeScanError(error, translate)));
    return () => {
      live = false;
    };
  }, [open, translate, handoverDrivers]);

  const chosen = drivers?.find((d) => d.id === choice);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth aria-labelledby="handover-title">
      <DialogTitle id="handover-title">{translate('screens.ops.handover.title', { barcode: pkg?.barcode ?? '' })}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problem.message} {problem.hint}
          </Alert>
        )}
        {!drivers && !problem && <CircularProgress aria-label={translate('app.loading')} />}
        {drivers?.length === 0 && <Typography>{translate('screens.ops.handover.none')}</Typography>}
        {drivers && drivers.length > 0 && (
          <RadioGroup aria-label={translate('screens.ops.handover.driver')} value={choice === null ? '' : String(choice)} onChange={(e) => setChoice(Number(e.target.value))}>
            {drivers.map((d) => (
              <FormControlLabel key={d.id} value={String(d.id)} control={<Radio />} label={d.name} />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !chosen} onClick={() => chosen && onSubmit(chosen)}>
          {translate('screens.ops.actions.check_out')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
