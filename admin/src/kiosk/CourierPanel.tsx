/**
 * The courier's side of the kiosk: sign in with the badge code (kept in memory only, sent with each scan so a
 * revoked badge stops at once), see the doors reserved for the parcels carried here and the expired parcels to
 * collect, scan a barcode: the door opens (deposit -> ready to collect, or retrieval of an expired parcel).
 */
import { Alert, Box, Button, List, ListItem, ListItemText, Paper, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';

import { badgeCodeInput, isBadgeCode } from '../../../core/policies/locker-access.policy.js';
import { BIG, BIG_INPUT, useRefusal } from './KioskFrame.js';
import { LockerFullReport } from './LockerFullReport.js';
import type { CourierPackage, CourierSession, KioskApi } from './kioskApi.js';
import { useLockerTexts } from '../screens/locker-access/useLockerTexts.js';

function PackageList({ title, rows }: { title: string; rows: CourierPackage[] }) {
  const tl = useLockerTexts();
  return (
    <Box>
      <Typography variant="h5" component="h2">{title}</Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{tl('kiosk.courier.none')}</Typography>
      ) : (
        <List dense>
          {rows.map((p) => (
            <ListItem key={p.id} divider>
              <ListItemText primary={p.barcode} secondary={p.compartment != null ? tl('kiosk.courier.door', { door: p.compartment }) : undefined}
                slotProps={{ primary: { sx: { fontSize: '1.25rem', fontFamily: 'monospace' } } }} />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

export function CourierPanel({ api, onLeave }: { api: KioskApi; onLeave: () => void }) {
  const tl = useLockerTexts();
  const refusal = useRefusal();
  const [badge, setBadge] = useState('');
  const [session, setSession] = useState<CourierSession | null>(null);
  const [barcode, setBarcode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [opened, setOpened] = useState('');
  // The last scan that did not open a door: "locker full" reports it when the field is empty again.
  const [unplaced, setUnplaced] = useState('');
  const barcodeField = useRef<HTMLInputElement>(null);
  // After each answer the scan field has the focus again (a button pressed, then disabled while busy, had taken it):
  // the scanner's next barcode goes there.
  const focusBarcode = () => barcodeField.current?.focus();

  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    // A partial badge is never sent (Enter, or a reader's return, included): it could be nobody's.
    if (!isBadgeCode(badge)) return;
    setBusy(true);
    setError('');
    const result = await api.courier(badge.trim());
    setBusy(false);
    if (result.ok) setSession(result.data);
    else setError(refusal(result));
  };
  /** A parcel was reported "locker full": its scan and any earlier refusal are done with. */
  const reported = async () => {
    setUnplaced('');
    setBarcode('');
    setError('');
    setOpened('');
    const fresh = await api.courier(badge.trim());
    if (fresh.ok) setSession(fresh.data);
  };
  const signOut = () => {
    setSession(null);
    setBadge('');
    setOpened('');
    setError('');
    onLeave();
  };
  const scan = async (e: FormEvent) => {
    e.preventDefault();
    const code = barcode.trim().toUpperCase();
    if (!code || !session) return;
    setBusy(true);
    setError('');
    setOpened('');
    const retrieving = session.retrievable.some((p) => p.barcode === code);
    const result = retrieving ? await api.retrieve(badge.trim(), code) : await api.deposit(badge.trim(), code);
    setBarcode('');
    setUnplaced(result.ok ? '' : code);
    if (result.ok) {
      setOpened(tl(retrieving ? 'kiosk.courier.retrieve_open' : 'kiosk.courier.deposit_open', { door: result.data.compartment ?? '?', barcode: result.data.barcode }));
      const fresh = await api.courier(badge.trim());
      if (fresh.ok) setSession(fresh.data);
    } else setError(refusal(result));
    setBusy(false);
    focusBarcode();
  };

  if (!session) {
    return (
      <Paper component="form" onSubmit={(e) => void signIn(e)} sx={{ p: { xs: 2, sm: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '3rem' } }}>{tl('kiosk.courier.title')}</Typography>
          <TextField label={tl('kiosk.courier.badge')} value={badge} onChange={(e) => setBadge(badgeCodeInput(e.target.value))} type="password" autoComplete="off" autoFocus fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', style: BIG_INPUT } }} />
          <Box role="alert" aria-live="assertive">{error && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{error}</Alert>}</Box>
          <Button type="submit" variant="contained" sx={BIG} disabled={busy || !isBadgeCode(badge)}>{tl('kiosk.courier.sign_in')}</Button>
          <Button variant="outlined" sx={BIG} onClick={signOut}>{tl('kiosk.courier.back')}</Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h4" component="h1">{tl('kiosk.courier.signed_in', { name: session.courier.name })}</Typography>
          <Button variant="outlined" sx={{ minHeight: 56 }} onClick={signOut}>{tl('kiosk.courier.sign_out')}</Button>
        </Stack>
        <Box component="form" onSubmit={(e) => void scan(e)}>
          <Stack spacing={2}>
            <TextField label={tl('kiosk.courier.barcode')} value={barcode} onChange={(e) => setBarcode(e.target.value.slice(0, 64))} autoFocus autoComplete="off" fullWidth inputRef={barcodeField}
              slotProps={{ htmlInput: { style: { ...BIG_INPUT, letterSpacing: '0.05em' }, 'data-testid': 'kiosk-barcode' } }} />
            <Button type="submit" variant="contained" sx={BIG} disabled={busy || !barcode.trim()}>{tl('kiosk.courier.scan')}</Button>
          </Stack>
        </Box>
        <Box role="status" aria-live="polite">{opened && <Alert severity="success" sx={{ fontSize: '1.4rem' }} data-testid="kiosk-opened">{opened}</Alert>}</Box>
        <Box role="alert" aria-live="assertive">{error && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{error}</Alert>}</Box>
        <LockerFullReport api={api} badge={badge.trim()} barcode={barcode.trim().toUpperCase() || unplaced} onReported={() => void reported()} onAnswered={focusBarcode} />
        <PackageList title={tl('kiosk.courier.deposits')} rows={session.deposits} />
        <PackageList title={tl('kiosk.courier.retrievable')} rows={session.retrievable} />
      </Stack>
    </Paper>
  );
}
