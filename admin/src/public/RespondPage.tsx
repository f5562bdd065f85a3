/**
 * /respond/:token — the customer's page of a campaign (or request-location) link: who it is for, the
 * merchant's branding, pickup locations found by town, name or postcode (nearest first from a known postcode or
 * the device's position), confirm, done.
 * It opens in the customer's language (the batch item's or shipment's); the customer may switch.
 * Invalid, expired, already answered or throttled links get a page of their own (PublicProblem); an
 * answered or expired one (the API answers its state) in the customer's language, under the merchant's name.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ChoiceList } from './ChoiceList.js';
import { PublicLoading, PublicProblem, PublicShell, useCustomerLanguage, useDateTime } from './PublicShell.js';
import { answerRespondPage, loadRespondPage, type Origin, type PublicBrand, type RespondAnswer, type RespondPageData } from './publicApi.js';

type State =
  | { phase: 'loading' }
  | { phase: 'problem'; code: string; brand?: PublicBrand; locale?: string }
  | { phase: 'ready'; page: RespondPageData }
  | { phase: 'done'; page: RespondPageData; answer: RespondAnswer };

const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function RespondPage() {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const when = useDateTime();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [origin, setOrigin] = useState<Origin>(null);
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (from: Origin) => {
      setSearching(true);
      const res = await loadRespondPage(token, from);
      setSearching(false);
      if (!res.ok) return setState({ phase: 'problem', code: res.code });
      const { data } = res;
      if (data.state !== 'open') return setState({ phase: 'problem', code: `public.token_${data.state}`, brand: data.merchant, locale: data.locale });
      setState({ phase: 'ready', page: data });
      setSelected((current) => current ?? data.selected_location_id);
    },
    [token],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  useCustomerLanguage(`respond:${token}`, state.phase === 'ready' ? state.page.locale : state.phase === 'problem' ? state.locale : undefined);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setNotice(null);
    const next: Origin = value ? { search: value } : null;
    setOrigin(next);
    void load(next);
  };

  const locate = () => {
    setNotice(null);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        const next = { lat: pos.coords.latitude, lng: pos.coords.longitude };
        setOrigin(next);
        void load(next);
      },
      () => {
        setLocating(false);
        setNotice('public.respond.location_denied');
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const confirm = async () => {
    if (state.phase !== 'ready' || selected === null) return;
    setSaving(true);
    const res = await answerRespondPage(token, selected);
    setSaving(false);
    if (res.ok) setState({ phase: 'done', page: state.page, answer: res.data });
    else if (res.code === 'public.location_not_allowed') {
      setNotice('errors.public.location_not_allowed');
      void load(origin);
    } else setState({ phase: 'problem', code: res.code, brand: state.page.merchant });
  };

  if (state.phase === 'loading') return <PublicLoading />;
  if (state.phase === 'problem') return <PublicProblem code={state.code} brand={state.brand} onRetry={() => void load(origin)} />;

  const { page } = state;
  const merchant = page.merchant.name;

  if (state.phase === 'done') {
    const { location } = state.answer;
    return (
      <PublicShell brand={page.merchant}>
        <Stack spacing={2} data-testid="public-confirmation" sx={{ textAlign: 'center', alignItems: 'center' }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
          <Typography component="h1" variant="h5">
            {translate('public.respond.done_title')}
          </Typography>
          <Typography>{translate('public.respond.done_body', { location: location.name, merchant })}</Typography>
          {location.hours && <Typography color="text.secondary">{translate('public.respond.hours', { hours: location.hours })}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {translate('public.respond.done_next')}
          </Typography>
        </Stack>
      </PublicShell>
    );
  }

  const busy = searching || locating;
  return (
    <PublicShell brand={page.merchant}>
      <Stack spacing={2}>
        <Typography component="h1" variant="h5">
          {page.first_name ? translate('public.respond.greeting', { name: page.first_name }) : translate('public.respond.greeting_anonymous')}
        </Typography>
        <Typography>{translate('public.respond.intro', { merchant })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('public.respond.valid_until', { date: when(page.expires_at) })}
        </Typography>
        {page.pudo_only && (
          <Alert severity="info">{translate(page.pudo_only_reason === 'no_phone' ? 'public.respond.pudo_only_no_phone' : 'public.respond.pudo_only')}</Alert>
        )}

        <Box component="form" onSubmit={search} role="search" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            type="search"
            label={translate('public.respond.search_label')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60, autoComplete: 'address-level2' } }}
            sx={{ flex: '1 1 180px' }}
          />
          <Button type="submit" variant="outlined" disabled={busy}>
            {translate('public.respond.search')}
          </Button>
          {canLocate() && (
            <Button type="button" variant="text" startIcon={<MyLocationIcon />} onClick={locate} disabled={busy} sx={{ flex: '1 1 100%', justifyContent: 'flex-start' }}>
              {locating ? translate('public.respond.locating') : translate('public.respond.use_location')}
            </Button>
          )}
        </Box>
        {notice && <Alert severity="warning">{translate(notice)}</Alert>}

        <Typography component="h2" variant="h6">
          {translate(page.choices.some((c) => c.distance_km !== null) ? 'public.respond.choices_nearest' : 'public.respond.choices')}
        </Typography>
        <Box aria-busy={busy} sx={{ opacity: searching ? 0.5 : 1 }}>
          {page.choices.length ? (
            <ChoiceList choices={page.choices} value={selected} onChange={setSelected} />
          ) : origin && 'search' in origin ? (
            <Typography data-testid="public-no-match">{translate('public.respond.no_match', { search: origin.search })}</Typography>
          ) : (
            <Typography>{translate('public.respond.none')}</Typography>
          )}
        </Box>
        {/* Kept in view at the bottom while the list scrolls, on an opaque strip so nothing shows through. */}
        <Box sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1, mx: -1, px: 1 }}>
          <Button
            fullWidth
            variant="contained"
            size="large"
            onClick={confirm}
            disabled={selected === null || saving || !page.choices.some((c) => c.id === selected)}
          >
            {translate('public.respond.confirm')}
          </Button>
        </Box>
      </Stack>
    </PublicShell>
  );
}
