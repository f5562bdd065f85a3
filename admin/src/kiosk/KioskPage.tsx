/**
 * /kiosk/:location_id (docs/lockers.md): the locker terminal's own screen. First use asks for the terminal
 * secret (kept in this device's localStorage); then customers type or scan their pickup code and see which door
 * opened; a courier signs in with a badge code to deposit parcels and collect expired ones.
 */
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';

import { useParams } from 'react-router-dom';
import { CourierPanel } from './CourierPanel.js';
import { BIG, BIG_INPUT, KioskFrame, useRefusal } from './KioskFrame.js';
import { kioskApi, saveSecret, savedSecret, type KioskApi, type KioskTerminal } from './kioskApi.js';
import { useIdle } from './useIdle.js';
import { useLockerTexts } from '../screens/locker-access/useLockerTexts.js';
import { KIOSK_IDLE_SECONDS, PICKUP_CODE, isPickupCode, pickupCodeInput } from '../../../core/policies/locker-access.policy.js';

function SetupPanel({ locationId, onSaved, rejected }: { locationId: string; onSaved: (secret: string) => void; rejected: boolean }) {
  const tl = useLockerTexts();
  const [secret, setSecret] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!secret.trim()) return;
    saveSecret(locationId, secret.trim());
    onSaved(secret.trim());
  };
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">{tl('kiosk.setup.title')}</Typography>
        <Typography>{tl('kiosk.setup.intro')}</Typography>
        {rejected && <Alert severity="error">{tl('kiosk.setup.rejected')}</Alert>}
        <TextField label={tl('kiosk.setup.secret')} value={secret} onChange={(e) => setSecret(e.target.value)} type="password" autoComplete="off" autoFocus fullWidth />
        <Button type="submit" variant="contained" sx={BIG} disabled={!secret.trim()}>{tl('kiosk.setup.save')}</Button>
      </Stack>
    </Paper>
  );
}

function CustomerPanel({ api }: { api: KioskApi }) {
  const tl = useLockerTexts();
  const refusal = useRefusal();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [door, setDoor] = useState<number | null>(null);
  const [error, setError] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The next customer is greeted by the code entry, not by the last one's open door.
  useIdle(KIOSK_IDLE_SECONDS.doorOpen, () => setDoor(null), door !== null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Only a well-shaped code is sent (core isPickupCode): a short one is never counted as a wrong try.
    if (busy || !isPickupCode(code)) return;
    setBusy(true);
    setError('');
    const result = await api.open(code);
    setBusy(false);
    setCode('');
    if (result.ok) setDoor(result.data.compartment);
    else {
      setError(refusal(result));
      // OPEN DOOR (disabled while busy) took the focus: give it back to the code field, where the customer's next
      // digits and a handheld scanner's next code go.
      field.current?.focus();
    }
  };
  if (door !== null) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }}>
        <Stack spacing={3} role="status">
          <Typography variant="h2" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2.2rem', sm: '3.5rem' } }} data-testid="kiosk-door">
            {tl('kiosk.customer.opened', { door })}
          </Typography>
          <Typography variant="h5" component="p">{tl('kiosk.customer.opened_hint')}</Typography>
          <Button variant="contained" sx={BIG} onClick={() => setDoor(null)} autoFocus>{tl('kiosk.customer.next')}</Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper component="form" onSubmit={(e) => void submit(e)} sx={{ p: { xs: 2, sm: 4 } }}>
      <Stack spacing={3}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '3rem' } }}>{tl('kiosk.customer.title')}</Typography>
        <Typography variant="h6" component="p">{tl('kiosk.customer.intro', { digits: PICKUP_CODE.digits })}</Typography>
        <TextField
          label={tl('kiosk.customer.code')}
          value={code}
          onChange={(e) => setCode(pickupCodeInput(e.target.value))}
          helperText={tl('kiosk.customer.code_count', { count: code.length, digits: PICKUP_CODE.digits })}
          autoFocus
          inputRef={field}
          autoComplete="one-time-code"
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', style: BIG_INPUT, 'data-testid': 'kiosk-code' } }}
        />
        <Box role="alert" aria-live="assertive">{error && <Alert severity="error" sx={{ fontSize: '1.25rem' }}>{error}</Alert>}</Box>
        <Button type="submit" variant="contained" sx={BIG} disabled={busy || !isPickupCode(code)}>{tl('kiosk.customer.open')}</Button>
      </Stack>
    </Paper>
  );
}

export function KioskPage() {
  const tl = useLockerTexts();
  const { location_id: locationId = '' } = useParams();
  const [secret, setSecret] = useState<string | null>(() => savedSecret(locationId));
  const [terminal, setTerminal] = useState<KioskTerminal | null>(null);
  const [rejected, setRejected] = useState(false);
  const [mode, setMode] = useState<'customer' | 'courier'>('customer');
  // A rotated or wrong secret, on the set-up check or on any later request (a customer's code, a courier's scan): ask again.
  const api = useMemo(
    () =>
      secret
        ? kioskApi(locationId, secret, () => {
            saveSecret(locationId, null);
            setSecret(null);
            setRejected(true);
            setMode('customer');
          })
        : null,
    [locationId, secret],
  );
  // A courier who walks away is signed out (the badge lives only in the courier panel's state).
  useIdle(KIOSK_IDLE_SECONDS.courier, () => setMode('customer'), mode === 'courier');

  useEffect(() => {
    if (!api) return;
    let live = true;
    void api.terminal().then((result) => {
      if (live && result.ok) setTerminal(result.data);
    });
    return () => {
      live = false;
    };
  }, [api]);

  if (!api) {
    return (
      <KioskFrame>
        <SetupPanel locationId={locationId} rejected={rejected} onSaved={(s) => { setRejected(false); setSecret(s); }} />
      </KioskFrame>
    );
  }
  const courierButton =
    mode === 'customer' ? (
      <Button variant="outlined" color="inherit" onClick={() => setMode('courier')} sx={{ minHeight: 48 }}>{tl('kiosk.courier.enter')}</Button>
    ) : null;
  return (
    <KioskFrame name={terminal?.name} actions={courierButton}>
      {mode === 'customer' ? <CustomerPanel api={api} /> : <CourierPanel api={api} onLeave={() => setMode('customer')} />}
    </KioskFrame>
  );
}
