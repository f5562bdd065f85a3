/**
 * Location page (superadmin, support): the terminal's door events (every opening: pickup code, courier deposit,
 * retrieval, support), newest first, filtered by type and date, 50 at a time (docs/lockers.md).
 */
import {
  Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Stack, Table, TableBody, TableCell,
  TableContainer, TableHead, TableRow, TextField, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { DOOR_EVENT_KINDS, type DoorEventRow } from '../../../../core/policies/locker-access.policy.js';
import { can } from '../../../../core/policies/route.permissions.js';
import { useActor } from '../../components/useActor.js';
import { api } from '../../providers/http.js';
import { SupportOpenDoor } from './SupportOpenDoor.js';
import { useLockerTexts } from './useLockerTexts.js';

type DoorEvent = DoorEventRow;

function DoorEventsDialog({ locationId, name, onClose }: { locationId: number; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const tl = useLockerTexts();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const kindLabel = useId();
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rows, setRows] = useState<DoorEvent[]>([]);
  const [next, setNext] = useState<number | null>(null);

  const load = async (before?: number) => {
    const query: Record<string, unknown> = { ...(kind ? { kind } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}), ...(before ? { before } : {}) };
    try {
      const res = await api<{ data: DoorEvent[]; meta: { next: number | null } }>(`locations/${locationId}/door-events`, { query });
      setRows((prev) => (before ? [...prev, ...res.data] : res.data));
      setNext(res.meta.next);
    } catch {
      /* shown by the error dialog */
    }
  };
  useEffect(() => {
    void load();
    // Reload from the first page when a filter changes.
  }, [kind, from, to]);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>{tl('lockers_admin.door_events.title', { name })}</DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 1 }}>
          <FormControl sx={{ minWidth: 220 }} size="small">
            <InputLabel id={kindLabel}>{tl('lockers_admin.door_events.kind')}</InputLabel>
            <Select labelId={kindLabel} label={tl('lockers_admin.door_events.kind')} value={kind} onChange={(e) => setKind(String(e.target.value))}>
              <MenuItem value="">{tl('lockers_admin.door_events.all')}</MenuItem>
              {DOOR_EVENT_KINDS.map((k) => <MenuItem key={k} value={k}>{translate(`event_kinds.${k}`)}</MenuItem>)}
            </Select>
          </FormControl>
          <TextField size="small" type="date" label={tl('lockers_admin.door_events.from')} value={from} onChange={(e) => setFrom(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <TextField size="small" type="date" label={tl('lockers_admin.door_events.to')} value={to} onChange={(e) => setTo(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        </Stack>
        <SupportOpenDoor locationId={locationId} onOpened={() => void load()} />
        {rows.length === 0 ? (
          <Typography sx={{ py: 2 }}>{tl('lockers_admin.door_events.empty')}</Typography>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="door-events">
              <TableHead>
                <TableRow>
                  <TableCell>{tl('lockers_admin.door_events.when')}</TableCell>
                  <TableCell>{tl('lockers_admin.door_events.kind')}</TableCell>
                  <TableCell>{tl('lockers_admin.door_events.door')}</TableCell>
                  <TableCell>{tl('lockers_admin.door_events.package')}</TableCell>
                  <TableCell>{tl('lockers_admin.door_events.who')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{new Date(r.created_at).toLocaleString(locale)}</TableCell>
                    <TableCell>{translate(`event_kinds.${r.kind}`)}</TableCell>
                    <TableCell>{r.compartment ?? ''}</TableCell>
                    <TableCell>{r.barcode ?? ''}</TableCell>
                    <TableCell>{r.actor_name ?? (r.kind === 'door-code' ? tl('lockers_admin.door_events.customer') : '')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {next && (
          <Box sx={{ mt: 1 }}>
            <Button onClick={() => void load(next)}>{tl('lockers_admin.door_events.more')}</Button>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>{translate('operations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function DoorEventsButton() {
  const record = useRecordContext();
  const actor = useActor();
  const tl = useLockerTexts();
  const [open, setOpen] = useState(false);
  if (!record?.terminal || !can(actor, 'lockers.door-events')) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>{tl('lockers_admin.door_events.button')}</Button>
      {open && <DoorEventsDialog locationId={Number(record.id)} name={String(record.name ?? '')} onClose={() => setOpen(false)} />}
    </>
  );
}
