/**
 * "Locker full?" on the driver's package card (issue 13): the courier says why the locker will not take the
 * package (no free door, door fault, parcel does not fit) and the server sends it to temporary storage at the
 * nearest PUDO point or locker with room (POST /api/packages/:id/report-locker-full); the answer says where.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LOCKER_FULL_REASONS } from '../../../../core/policies/lockers.policy.js';
import { getLocale } from '../../providers/locale.js';
import { usePackageOperations, type PackageRecord, type PackageResult } from '../shared/operationsApi.js';

export interface StorageAnswer extends PackageResult {
  meta: PackageResult['meta'] & { storage?: { name: string; expires_at: string } };
}

interface Props {
  pkg: PackageRecord | null;
  onClose: () => void;
  onDone: (result: StorageAnswer, text: string) => void;
  /** A refusal (no room nearby, no longer on its way to a locker): the screen says why, as for a scan. */
  onError: (error: unknown) => void;
}

export function LockerFullDialog({ pkg, onClose, onDone, onError }: Props) {
  const translate = useTranslate();
  const { packageVerb } = usePackageOperations();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const report = async (reason: string) => {
    if (!pkg) return;
    setBusy(true);
    try {
      const result = (await packageVerb(pkg.id, 'report-locker-full', { reason })) as StorageAnswer;
      const storage = result.meta.storage;
      const date = storage ? new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(storage.expires_at)) : '';
      onDone(result, translate('locker_ops.report_done', { location: storage?.name ?? '', date }));
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={pkg !== null} onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('locker_ops.report_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1}>
          {LOCKER_FULL_REASONS.map((reason) => (
            <Button key={reason} variant="outlined" size="large" disabled={busy} onClick={() => void report(reason)} data-reason={reason}>
              {translate(`locker_full_reasons.${reason}`)}
            </Button>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
