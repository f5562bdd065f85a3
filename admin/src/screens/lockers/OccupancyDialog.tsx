/**
 * A locker's occupancy (issue 13), opened with the "Occupancy" button of a locker's page: per-size free counts
 * and the doors drawn as a grid by size (free, reserved, occupied, expired, out of service) with the package in
 * each (a link). Support and superadmin (`lockers.doors`) click a door to take it out of service or put it back;
 * the server moves its package to another free door of the size or flags it.
 */
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { can } from '../../../../core/policies/route.permissions.js';
import { hasOccupancyGrid, LOCKER_SIZES, type DoorState } from '../../../../core/policies/lockers.policy.js';
import { useActor } from '../../components/useActor.js';
import { api } from '../../providers/http.js';
import type { LockerlineDataProvider } from '../../providers/dataProvider.js';
import { packagePath } from '../../resources/packages/paths.js';

interface Door {
  number: number;
  size: string;
  state: DoorState;
  package: { id: number; barcode: string; shipment_id: number; status: number; flagged: boolean } | null;
  out_of_service: { reason: string | null; since: string } | null;
}
interface Occupancy {
  doors: Door[];
  sizes: Record<string, { total: number; free: number; out_of_service: number }>;
  flagged: number;
}

/** Tile colours per state (contrast AA on white text or dark text). */
const TILE: Record<DoorState, { bg: string; fg: string; border: string }> = {
  free: { bg: '#e8f5e9', fg: '#1b5e20', border: '#2e7d32' },
  reserved: { bg: '#fff8e1', fg: '#5d4037', border: '#f9a825' },
  occupied: { bg: '#e3f2fd', fg: '#0d47a1', border: '#1565c0' },
  expired: { bg: '#fce4ec', fg: '#880e4f', border: '#ad1457' },
  out_of_service: { bg: '#424242', fg: '#ffffff', border: '#212121' },
};

function DoorDialog({ door, locationId, onClose, onDone }: { door: Door; locationId: number; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockerlineDataProvider>();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const out = door.state === 'out_of_service';
  const submit = async () => {
    setBusy(true);
    try {
      const verb = out ? 'in-service' : 'out-of-service';
      const res = await dataProvider.act('locations', locationId, ['doors', door.number, verb], out ? {} : { reason });
      const pkg = res?.data?.package as { moved_to?: number; flagged?: boolean } | undefined;
      const message = out ? 'marked_in' : pkg?.moved_to ? 'moved' : pkg?.flagged ? 'flagged_done' : 'marked_out';
      notify(translate(`locker_ops.${message}`, { door: door.number, to: pkg?.moved_to ?? '' }), { type: pkg?.flagged ? 'warning' : 'success' });
      onDone();
    } catch {
      /* shown by the error dialog */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>
        {translate('locker_ops.door_label', { number: door.number, size: translate(`sizes.${door.size}`), state: translate(`door_states.${door.state}`) })}
      </DialogTitle>
      <DialogContent>
        {door.package && (
          <Typography sx={{ mb: 2 }}>
            <RouterLink to={packagePath(door.package.shipment_id, door.package.id)}>{door.package.barcode}</RouterLink>
          </Typography>
        )}
        {out ? (
          door.out_of_service?.reason && <Typography>{door.out_of_service.reason}</Typography>
        ) : (
          <TextField label={translate('locker_ops.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth inputProps={{ maxLength: 200 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color={out ? 'primary' : 'warning'} disabled={busy} onClick={() => void submit()}>
          {translate(out ? 'locker_ops.mark_in' : 'locker_ops.mark_out')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DoorTile({ door, onOpen, editable }: { door: Door; onOpen: (door: Door) => void; editable: boolean }) {
  const translate = useTranslate();
  const colours = TILE[door.state];
  const label = translate('locker_ops.door_label', { number: door.number, size: translate(`sizes.${door.size}`), state: translate(`door_states.${door.state}`) });
  const content = (
    <>
      <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>{door.number}</Typography>
      <Typography component="span" variant="caption" sx={{ display: 'block' }}>{translate(`door_states.${door.state}`)}</Typography>
      {door.package?.flagged && <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 700 }}>⚑ {translate('locker_ops.flagged')}</Typography>}
    </>
  );
  const sx = { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', minWidth: 0, width: '100%', minHeight: 72, p: 0.5, textTransform: 'none', bgcolor: colours.bg, color: colours.fg, border: `2px solid ${colours.border}`, borderRadius: 1, '&:hover': { bgcolor: colours.bg, opacity: 0.9 } };
  return (
    <Box data-door={door.number} data-state={door.state}>
      {editable ? (
        <Button aria-label={label} onClick={() => onOpen(door)} sx={sx}>{content}</Button>
      ) : (
        <Box aria-label={label} role="img" sx={{ ...sx, textAlign: 'center' }}>{content}</Box>
      )}
      {door.package && (
        <Typography variant="caption" sx={{ display: 'block', textAlign: 'center', overflowWrap: 'anywhere' }}>
          <RouterLink to={packagePath(door.package.shipment_id, door.package.id)}>{door.package.barcode}</RouterLink>
        </Typography>
      )}
    </Box>
  );
}

export function OccupancyDialog({ locationId, name, onClose }: { locationId: number; name: string; onClose: () => void }) {
  const translate = useTranslate();
  const actor = useActor();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [data, setData] = useState<Occupancy | null>(null);
  const [door, setDoor] = useState<Door | null>(null);
  const titleId = useId();
  const editable = can(actor, 'lockers.doors');
  const load = useCallback(async () => {
    try {
      setData((await api<{ data: Occupancy }>(`locations/${locationId}/occupancy`)).data);
    } catch {
      /* shown by the error dialog */
    }
  }, [locationId]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>{translate('locker_ops.title', { name })}</DialogTitle>
      <DialogContent>
        {data && (
          <>
            <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>{translate('locker_ops.free_per_size')}</Typography>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} data-testid="free-counts">
              {LOCKER_SIZES.map((size) => (
                <Chip key={size} data-size={size} label={`${translate(`sizes.${size}`)}: ${translate('locker_ops.free_of', { free: data.sizes[size]!.free, total: data.sizes[size]!.total })}`} color={data.sizes[size]!.free ? 'success' : 'error'} variant="outlined" />
              ))}
            </Stack>
            {data.flagged > 0 && <Alert severity="warning" sx={{ mb: 2 }}>{translate('locker_ops.flagged_count', { smart_count: data.flagged })}</Alert>}
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }} aria-label={translate('locker_ops.legend')}>
              {(Object.keys(TILE) as DoorState[]).map((state) => (
                <Chip key={state} size="small" label={translate(`door_states.${state}`)} sx={{ bgcolor: TILE[state].bg, color: TILE[state].fg, border: `1px solid ${TILE[state].border}` }} />
              ))}
            </Stack>
            {LOCKER_SIZES.map((size) => (
              <Box key={size} component="section" sx={{ mb: 2 }}>
                <Typography component="h3" variant="subtitle1">{translate(`sizes.${size}`)}</Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 1 }}>
                  {data.doors.filter((d) => d.size === size).map((d) => (
                    <DoorTile key={d.number} door={d} onOpen={setDoor} editable={editable} />
                  ))}
                </Box>
              </Box>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
      {door && <DoorDialog door={door} locationId={locationId} onClose={() => setDoor(null)} onDone={() => { setDoor(null); void load(); }} />}
    </Dialog>
  );
}

/** "Occupancy" on a locker's page, for those who may see the grid. */
export function OccupancyButton() {
  const record = useRecordContext();
  const actor = useActor();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record || !hasOccupancyGrid(record as { class?: string; terminal?: string }) || !can(actor, 'lockers.occupancy')) return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} data-verb="occupancy">
        {translate('locker_ops.occupancy')}
      </Button>
      {open && <OccupancyDialog locationId={Number(record.id)} name={String(record.name)} onClose={() => setOpen(false)} />}
    </>
  );
}
