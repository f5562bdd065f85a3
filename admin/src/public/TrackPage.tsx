/**
 * /track/:reference — public tracking of one shipment: status, timeline, where it is now, where it goes
 * and until when it can be collected, in the recipient's language. Shows only what the API gives (no
 * personal data).
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PublicLoading, PublicProblem, PublicShell, useCustomerLanguage, useDateTime } from './PublicShell.js';
import { loadTracking, type TrackData } from './publicApi.js';

type State = { phase: 'loading' } | { phase: 'problem'; code: string } | { phase: 'ready'; data: TrackData };

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

export function TrackPage() {
  const { reference = '' } = useParams();
  const translate = useTranslate();
  const when = useDateTime();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    const res = await loadTracking(reference);
    setState(res.ok ? { phase: 'ready', data: res.data } : { phase: 'problem', code: res.code === 'not_found' ? 'track_not_found' : res.code });
  }, [reference]);

  useEffect(() => {
    void load();
  }, [load]);

  useCustomerLanguage(`track:${reference}`, state.phase === 'ready' ? state.data.locale : undefined);

  if (state.phase === 'loading') return <PublicLoading />;
  if (state.phase === 'problem') return <PublicProblem code={state.code} onRetry={() => void load()} />;

  const { data } = state;
  const status = (code: number) => translate(`statuses.shipments.${code}`, { _: String(code) });
  const place = (l: TrackData['destination']) =>
    l ? `${l.name} (${translate(`location_classes.${l.class}`, { _: l.class })})${l.hours ? ` — ${translate('public.respond.hours', { hours: l.hours })}` : ''}` : '—';
  const timeline = [...data.timeline].reverse();
  return (
    <PublicShell brand={data.merchant}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {translate('public.track.title')}
        </Typography>
        <Fact label={translate('public.track.reference')}>
          <span style={{ fontFamily: 'monospace' }}>{data.reference}</span>
        </Fact>
        <Fact label={translate('public.track.status')}>
          <strong data-testid="track-status">{status(data.status)}</strong>
        </Fact>
        <Fact label={translate('public.track.current_location')}>{place(data.current_location)}</Fact>
        <Fact label={translate('public.track.destination')}>{place(data.destination)}</Fact>
        {data.expires_at && <Fact label={translate('public.track.expires_at')}>{when(data.expires_at)}</Fact>}
        <Typography component="h2" variant="h6">
          {translate('public.track.timeline')}
        </Typography>
        {timeline.length ? (
          <List dense disablePadding aria-label={translate('public.track.timeline')} data-testid="track-timeline">
            {timeline.map((step, i) => (
              <ListItem key={`${step.at}-${i}`} disableGutters sx={{ borderLeft: 3, borderColor: i === 0 ? 'primary.main' : 'divider', pl: 1.5 }}>
                <ListItemText primary={status(step.status)} secondary={when(step.at)} />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography>{translate('public.track.no_events')}</Typography>
        )}
      </Stack>
    </PublicShell>
  );
}
