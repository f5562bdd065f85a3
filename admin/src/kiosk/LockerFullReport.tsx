/**
 * The courier's "locker full" at the kiosk (docs/lockers.md): for the parcel in the barcode field, one big button
 * per reason (no free door, door fault, parcel does not fit). The terminal's report-full route applies the same
 * rule as the driver screen and answers where the parcel goes instead (temporary storage) and until when.
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';

import { LOCKER_FULL_REASONS } from '../../../core/policies/lockers.policy.js';
import { getLocale } from '../providers/locale.js';
import { BIG, useRefusal } from './KioskFrame.js';
import type { KioskApi } from './kioskApi.js';
import { useLockerTexts } from '../screens/locker-access/useLockerTexts.js';

/** `onReported`: the parcel went to temporary storage; `onAnswered`: after every answer (the focus goes back to the scan field). */
export function LockerFullReport({ api, badge, barcode, onReported, onAnswered }: { api: KioskApi; badge: string; barcode: string; onReported: () => void; onAnswered: () => void }) {
  const tl = useLockerTexts();
  const refusal = useRefusal();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const report = async (reason: string) => {
    setBusy(true);
    setDone('');
    setError('');
    const result = await api.reportFull(badge, barcode, reason);
    setBusy(false);
    onAnswered();
    if (!result.ok) return setError(refusal(result));
    const { storage } = result.data;
    setDone(tl('kiosk.courier.full_done', {
      barcode: result.data.barcode,
      place: storage.name,
      distance: storage.distance != null ? ` (${storage.distance} km)` : '',
      until: new Date(storage.expires_at).toLocaleString(getLocale()),
    }));
    onReported();
  };

  return (
    <Box component="section" aria-labelledby="kiosk-full-title">
      <Typography variant="h5" component="h2" id="kiosk-full-title">{tl('kiosk.courier.full_title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{tl('kiosk.courier.full_hint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {LOCKER_FULL_REASONS.map((reason) => (
          <Button key={reason} variant="outlined" color="warning" sx={{ ...BIG, flex: 1 }} disabled={busy || !barcode} onClick={() => void report(reason)}>
            {tl(`kiosk.courier.reason_${reason}`)}
          </Button>
        ))}
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: 2 }}>{done && <Alert severity="info" sx={{ fontSize: '1.3rem' }} data-testid="kiosk-full-done">{done}</Alert>}</Box>
      <Box role="alert" aria-live="assertive">{error && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{error}</Alert>}</Box>
    </Box>
  );
}
