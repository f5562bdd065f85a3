/**
 * Reroute a package: the alternative drop-off locations with their distance in km, nearest first, the
 * nearest marked "closest" and PUDO points marked as such (oversized packages only get PUDO points).
 */
import {
  Alert, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePackageOperations, type Alternative, type PackageRecord, type PackageResult } from '../shared/operationsApi.js';
import { describeScanError, type ScanProblem } from '../shared/scanError.js';
import { vibrateError } from '../shared/feedback.js';

export interface RerouteDialogProps {
  pkg: PackageRecord | null;
  onClose: () => void;
  onRerouted: (result: PackageResult) => void;
}

export function RerouteDialog({ pkg, onClose, onRerouted }: RerouteDialogProps) {
  const translate = useTranslate();
  const [options, setOptions] = useState<Alternative[] | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const { alternativeLocations, packageVerb } = usePackageOperations();
  // The verb through react-query; its refusal is explained in the dialog (not the global error dialog).
  const reroute = useMutation({
    mutationFn: ({ id, location }: { id: number; location: number }) => packageVerb(id, 'reroute', { location }),
    onMutate: () => setProblem(null),
    onSuccess: (result) => onRerouted(result),
    onError: (error) => {
      vibrateError();
      setProblem(describeScanError(error, translate));
    },
  });
  const busy = reroute.isPending;

  useEffect(() => {
    setOptions(null);
    setChoice(null);
    setProblem(null);
    if (!pkg) return;
    let live = true;
    alternativeLocations(pkg.id)
      .then((res) => live && setOptions(res.data))
      .catch((error) => live && setProblem(describeScanError(error, translate)));
    return () => {
      live = false;
    };
  }, [pkg, translate, alternativeLocations]);

  const closestId = options?.find((o) => o.distance !== null)?.id;

  const confirm = () => {
    if (!pkg || choice === null) return;
    reroute.mutate({ id: pkg.id, location: choice });
  };

  return (
    <Dialog open={pkg !== null} onClose={busy ? undefined : onClose} fullWidth aria-labelledby="reroute-title">
      <DialogTitle id="reroute-title">{translate('screens.ops.reroute.title', { barcode: pkg?.barcode ?? '' })}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {problem.message} {problem.hint}
          </Alert>
        )}
        {!options && !problem && <CircularProgress aria-label={translate('app.loading')} />}
        {options && options.length === 0 && <Typography>{translate('screens.ops.reroute.none')}</Typography>}
        {options && options.length > 0 && (
          <RadioGroup
            aria-label={translate('screens.ops.reroute.choose')}
            value={choice === null ? '' : String(choice)}
            onChange={(e) => setChoice(Number(e.target.value))}
          >
            {options.map((o) => (
              <FormControlLabel
                key={o.id}
                value={String(o.id)}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', py: 0.5, mr: 0 }}
                label={
                  <Stack spacing={0.25} sx={{ pt: 0.75 }}>
                    <Typography component="span" sx={{ fontWeight: 500 }}>{o.name}</Typography>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {o.distance === null ? translate('screens.ops.reroute.no_distance') : translate('screens.ops.reroute.km', { km: o.distance })}
                      </Typography>
                      {o.id === closestId && <Chip size="small" color="success" label={translate('screens.ops.reroute.closest')} />}
                      {o.class === 'pudo' && <Chip size="small" color="info" variant="outlined" label={translate('screens.ops.reroute.pudo')} />}
                    </Stack>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={busy || choice === null}>
          {translate('screens.ops.reroute.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
