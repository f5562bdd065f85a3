/** Support opens one door of a terminal remotely, with a reason (permission lockers.open-door; a door-support event). */
import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { useLockerTexts } from './useLockerTexts.js';

export function SupportOpenDoor({ locationId, onOpened }: { locationId: number; onOpened: () => void }) {
  const tl = useLockerTexts();
  const notify = useNotify();
  const actor = useActor();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const [door, setDoor] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  if (!can(actor, 'lockers.open-door')) return null;
  const open = async () => {
    setBusy(true);
    try {
      await dataProvider.act('locations', locationId, ['doors', Number(door), 'open'], { reason });
      notify(tl('lockers_admin.open_door.done', { door }), { type: 'success' });
      setDoor('');
      setReason('');
      onOpened();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
      <TextField size="small" label={tl('lockers_admin.open_door.door')} value={door} onChange={(e) => setDoor(e.target.value.replace(/\D/g, '').slice(0, 4))}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }} sx={{ maxWidth: { sm: 120 } }} />
      <TextField size="small" label={tl('lockers_admin.open_door.reason')} value={reason} onChange={(e) => setReason(e.target.value.slice(0, 500))} sx={{ flex: 1 }} />
      <Button variant="outlined" color="warning" disabled={busy || !door || reason.trim().length < 3} onClick={() => void open()}>
        {tl('lockers_admin.open_door.button')}
      </Button>
    </Stack>
  );
}
