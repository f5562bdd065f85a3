/**
 * /track/:reference — public tracking of one shipment: its customer-facing state (core/tracking.ts, never
 * an internal status), each package's state and place (a multi-package parcel can be partly ready, or
 * rerouted), the history, and until when it can be collected, in the recipient's language. Shows only what
 * the API gives (no personal data). /track without a reference, and a reference not found, offer a field
 * to enter one (TrackFindPage, TrackLookupForm).
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Box, Button, Chip, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { PublicLoading, PublicProblem, PublicShell, useCustomerLanguage, useDateTime } from './PublicShell.js';
import { loadTracking, type TrackData, type TrackPlace } from './publicApi.js';

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

/** A tracking reference field that opens /track/<reference>; `initial` pre-fills it (e.g. the one not found). */
export function TrackLookupForm({ initial = '' }: { initial?: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reference = value.trim().toUpperCase();
    if (!reference) {
      setError(true);
      return;
    }
    navigate(`/track/${encodeURIComponent(reference)}`);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate role="search" aria-label={translate('public.track.find_title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={translate('public.track.reference')}
          placeholder={translate('public.track.find_placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? translate('public.track.reference_required') : ' '}
          autoComplete="off"
          autoCapitalize="characters"
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
        />
        <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
          {translate('public.track.find')}
        </Button>
      </Stack>
    </Box>
  );
}

/** /track: the customer's own way in, without a reference in the link. */
export function TrackFindPage() {
  const translate = useTranslate();
  return (
    <PublicShell>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {translate('public.track.find_title')}
        </Typography>
        <Typography>{translate('public.track.find_intro')}</Typography>
        <TrackLookupForm />
      </Stack>
    </PublicShell>
  );
}

type TrackedPackage = TrackData['packages'][number];

const samePlace = (a: TrackPlace | null, b: TrackPlace | null) => a?.name === b?.name && a?.class === b?.class;

/** Packages the customer need not tell apart: same state, same place now, same destination. */
const alike = (a: TrackedPackage, b: TrackedPackage) => a.state === b.state && samePlace(a.location, b.location) && samePlace(a.destination, b.destination) && a.rerouted === b.rerouted;

/** Where one package is now (when at a location), where it goes (noting a reroute) and its deadline when ready. */
function PackageFacts({ pkg, place }: { pkg: TrackedPackage; place: (l: TrackPlace | null) => string }) {
  const translate = useTranslate();
  const when = useDateTime();
  return (
    <Stack spacing={1}>
      {pkg.location && !samePlace(pkg.location, pkg.destination) && <Fact label={translate('public.track.current_location')}>{place(pkg.location)}</Fact>}
      <Fact label={translate('public.track.destination')}>
        {place(pkg.destination)}
        {pkg.rerouted && (
          <Typography variant="body2" color="text.secondary" component="p">
            {translate('public.track.rerouted')}
          </Typography>
        )}
      </Fact>
      {pkg.expires_at && pkg.state === 'ready' && <Fact label={translate('public.track.expires_at')}>{when(pkg.expires_at)}</Fact>}
    </Stack>
  );
}

export function TrackPage() {
  const { reference = '' } = useParams();
  const translate = useTranslate();
  const when = useDateTime();
  const [state, setState] = useState<State>({ phase: 'loading' });

  const load = useCallback(async () => {
    setState({ phase: 'loading' });
    const res = await loadTracking(reference);
    setState(res.ok ? { phase: 'ready', data: res.data } : { phase: 'problem', code: res.code === 'not_found' ? 'track_not_found' : res.code });
  }, [reference]);

  useEffect(() => {
    void load();
  }, [load]);

  useCustomerLanguage(`track:${reference}`, state.phase === 'ready' ? state.data.locale : undefined);

  if (state.phase === 'loading') return <PublicLoading />;
  if (state.phase === 'problem')
    return (
      <PublicProblem code={state.code} onRetry={() => void load()}>
        {state.code === 'track_not_found' && <TrackLookupForm key={reference} initial={reference} />}
      </PublicProblem>
    );

  const { data } = state;
  const stateLabel = (key: string) => translate(`public.track.states.${key}`, { _: key });
  const place = (l: TrackPlace | null) =>
    l
      ? [`${l.name} (${translate(`location_classes.${l.class}`, { _: l.class })})`, l.address, l.hours ? translate('public.respond.hours', { hours: l.hours }) : null].filter(Boolean).join(' — ')
      : '—';
  const timeline = [...data.timeline].reverse();
  // Packages are listed one by one only when they differ (e.g. one ready, one rerouted and on its way).
  const several = data.packages.some((p) => !alike(p, data.packages[0]));
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
          <strong data-testid="track-status" data-state={data.state}>
            {stateLabel(data.state)}
          </strong>
        </Fact>
        {several ? (
          <>
            <Typography component="h2" variant="h6">
              {translate('public.track.packages')}
            </Typography>
            <List disablePadding aria-label={translate('public.track.packages')} data-testid="track-packages">
              {data.packages.map((p) => (
                <ListItem key={p.number} disableGutters data-state={p.state} sx={{ display: 'block', borderTop: 1, borderColor: 'divider', py: 1.5 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                      {translate('public.track.package_n', { number: p.number, count: data.packages.length })}
                    </Typography>
                    <Chip size="small" color={p.state === 'ready' ? 'success' : 'default'} label={stateLabel(p.state)} />
                  </Stack>
                  <PackageFacts pkg={p} place={place} />
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          data.packages[0] && <PackageFacts pkg={data.packages[0]} place={place} />
        )}
        <Typography component="h2" variant="h6">
          {translate('public.track.timeline')}
        </Typography>
        {timeline.length ? (
          <List dense disablePadding aria-label={translate('public.track.timeline')} data-testid="track-timeline">
            {timeline.map((step, i) => (
              <ListItem key={`${step.at}-${i}`} disableGutters sx={{ borderLeft: 3, borderColor: i === 0 ? 'primary.main' : 'divider', pl: 1.5 }}>
                <ListItemText primary={stateLabel(step.state)} secondary={when(step.at)} />
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
