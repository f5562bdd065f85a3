/**
 * The dashboard's charts (issue 15, docs/dashboard.md), below the SPEC's three cards. A lazy chunk of its own,
 * loaded only once the cards have rendered, so the dashboard's first screen does not carry it; @mui/x-charts is
 * another, loaded when a chart's section comes into view. Each section has a heading, its chart, a table of the
 * same numbers (the accessible alternative) and a CSV download built from the same data.
 */
import { useDeferredValue, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Grid, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, Link as MuiLink, useMediaQuery, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardDwell, DashboardExceptions, DashboardFlow, DashboardHeatmap, DashboardRates, DashboardUtilisation } from '../../../../core/contract/index.js';
import { DEFAULT_RANGE_DAYS, NETWORK_TIME_ZONE, networkTime } from '../../../../core/dashboard.js';
import { can } from '../../../../core/policies/route.permissions.js';
import { canCrud } from '../../../../core/permissions.js';
import { kpiPhrase } from '../../../../core/i18n/dashboard-kpis.js';
import type { LiveResource } from '../../../../core/live.js';
import { DayInput } from '../../components/DayInput.js';
import { useActor } from '../../components/useActor.js';
import { useApiGet } from '../useApi.js';
import { onDemand } from '../../layout/onDemand.js';
import { csvFileName, csvOf, downloadCsv, exceptionsCsv, kpiQuery, percent, recordPath } from './kpiData.js';
import { peekUser } from '../../providers/session.js';
import { useChosenFilters } from './useChosenFilters.js';
import { useNearViewport } from './useNearViewport.js';
import { useStaggered } from './useStaggered.js';

/** @mui/x-charts in a chunk of its own, fetched when the first chart section comes into view. */
const LineChart = onDemand(async () => (await import('@mui/x-charts/LineChart')).LineChart);
const BarChart = onDemand(async () => (await import('@mui/x-charts/BarChart')).BarChart);

/**
 * What the charts follow live (docs/live-updates.md "Admin"): every number of theirs comes from packages (their events,
 * the doors they hold, the expired and lost ones) and a locker's doors from its location.
 */
const CHARTS_FOLLOW: readonly LiveResource[] = ['packages', 'locations'];

/** The sections below the filters (flow, rates, dwell, utilisation, heatmap, exceptions). */
const SECTIONS = 6;

/** The height of a small MUI table of `rows` rows and a header row (what a section reserves until it renders). */
const tableHeight = (rows: number) => 37 + 33 * rows;

interface Filters {
  from: string;
  to: string;
  merchant_id: string;
  location_id: string;
}
/** Where this tab keeps the filters chosen (useChosenFilters), per user: another account signed in here starts afresh. */
const filtersKey = () => `lockerline.dashboard.filters.${peekUser()?.id ?? 0}`;

// The network's day through core's one cached formatter: a time-zone formatter costs a phone tens of ms to build.
const today = () => networkTime(new Date().toISOString()).day;
const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The charts' phrases in the interface language (core/i18n/dashboard-kpis.ts, outside the first-load catalogues). */
function useKpiText() {
  const [locale] = useLocaleState();
  return (key: string, params?: Record<string, unknown>) => kpiPhrase(locale, key, params);
}

/**
 * One chart's card: heading, body, a table toggle and the CSV button. The heading and the buttons render at once
 * (headings to navigate by, the CSV from the data); the chart and the table only once the card comes into view
 * or takes focus (useNearViewport), meanwhile the card keeps `height` pixels for them. `now`: the section shows what
 * stands now, whatever the dates chosen (said under its heading).
 */
function Section({ id, title, csv, file, table, height, children, now = false }: { id: string; title: string; csv: () => string; file: string; table: ReactNode; height: number; children?: ReactNode; now?: boolean }) {
  const t = useKpiText();
  const [showTable, setShowTable] = useState(!children);
  const ref = useRef<HTMLElement>(null);
  const shown = useNearViewport(ref);
  return (
    <Card ref={ref} component="section" aria-labelledby={`kpi-${id}`} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={`kpi-${id}`} component="h3" variant="h6" gutterBottom={!now}>
          {title}
        </Typography>
        {now && (
          <Typography variant="body2" color="text.secondary" gutterBottom data-testid={`kpi-${id}-now`}>
            {t('now')}
          </Typography>
        )}
        {!shown && <Box data-testid={`kpi-${id}-pending`} sx={{ height }} />}
        {shown && children && <Box sx={{ minHeight: height }}>{children}</Box>}
        {/* Focusable, so a keyboard can scroll a table wider than a phone (axe scrollable-region-focusable). */}
        {shown && showTable && (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={title}>
            {table}
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {children && (
            <Button size="small" onClick={() => setShowTable((v) => !v)} aria-expanded={showTable}>
              {t(showTable ? 'hide_table' : 'show_table')}
            </Button>
          )}
          <Button size="small" variant="outlined" onClick={() => downloadCsv(file, csv())} aria-label={t('csv_of', { chart: title })}>
            {t('csv')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A table's header row of column headers. */
function HeadRow({ head }: { head: (string | number)[] }) {
  return (
    <TableHead>
      <TableRow>
        {head.map((h) => (
          <TableCell key={h} component="th" scope="col">
            {h}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
}

/** A card's table; cells padded 8 px a side (4 on a phone), not 16: five columns and a Spanish flag chip fit half a desktop row. */
function SimpleTable({ head, rows }: { head: string[]; rows: (string | number | ReactNode)[][] }) {
  return (
    <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 1 } } }}>
      <HeadRow head={head} />
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) => (
              <TableCell key={j}>{cell}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}


export function DashboardKpis() {
  const [locale] = useLocaleState();
  const t = useKpiText();
  const pct = (share: number) => percent(share, locale);
  const translate = useTranslate();
  const actor = useActor();
  const network = can(actor, 'dashboard.network');
  const [filters, setFilters] = useChosenFilters<Filters>(filtersKey(), () => ({ from: daysBefore(today(), DEFAULT_RANGE_DAYS - 1), to: today(), merchant_id: '', location_id: '' }));
  const query = kpiQuery(filters);
  const currentQuery = kpiQuery(filters, true);
  const chart = { suppress: [422], transition: true, live: CHARTS_FOLLOW };
  const flow = useApiGet<DashboardFlow>(`dashboard/flow?${query}`, chart);
  const rates = useApiGet<DashboardRates>(`dashboard/rates?${query}`, chart);
  const dwell = useApiGet<DashboardDwell>(`dashboard/dwell?${query}`, chart);
  const heatmap = useApiGet<DashboardHeatmap>(`dashboard/heatmap?${query}`, chart);
  const utilisation = useApiGet<DashboardUtilisation>(`dashboard/utilisation?${currentQuery}`, chart);
  const exceptions = useApiGet<DashboardExceptions>(`dashboard/exceptions?${currentQuery}`, chart);
  const merchants = useApiGet<{ data: { id: number; name: string }[] }>(network ? 'merchants?light=1&perPage=100' : null, { transition: true });
  // The location filter where the role may list locations (core's rule), there from the first render: the list
  // fills it when it comes, and the sections below do not move (nor come into view, then go out of it, at load).
  const locationFilter = canCrud(actor, 'locations', 'list');
  const locations = useApiGet<{ data: { id: number; name: string }[] }>(locationFilter ? 'locations?light=1&perPage=100&scope=all' : null, { suppress: [403], transition: true });
  const rangeError = flow.error as { body?: { errors?: Record<string, string> } } | null;
  // 422s are shown by the date fields; the charts keep their last numbers meanwhile.
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [key]: e.target.value }));
  const setDay = (key: 'from' | 'to') => (day: string) => setFilters((f) => ({ ...f, [key]: day }));

  const days = flow.data?.data.days ?? [];
  const flowHead = [t('flow.day'), t('flow.arrived'), t('flow.out'), t('flow.collected'), t('flow.returned')];
  const flowRows = days.map((d) => [d.day, d.arrived, d.out, d.collected, d.returned]);
  const r = rates.data?.data;
  const rateRows: [string, string | number][] = r
    ? [[t('rates.arrived'), r.arrived], [t('rates.expired'), r.expired], [t('rates.extended'), r.extended], [t('rates.rerouted'), r.rerouted], [t('rates.expiry_rate'), pct(r.expiry_rate)], [t('rates.extension_rate'), pct(r.extension_rate)], [t('rates.reroute_rate'), pct(r.reroute_rate)]]
    : [];
  const dwellLocations = (dwell.data?.data.locations ?? []).map((l) => ({ ...l, name: l.name ?? t('dwell.unknown') }));
  const dwellHead = [t('dwell.location'), t('dwell.collected'), t('dwell.p50'), t('dwell.p90')];
  const dwellHeight = dwellLocations.length ? Math.max(200, 40 * Math.min(dwellLocations.length, 12)) : 20;
  const dwellRows = dwellLocations.map((l) => [l.name, l.collected, l.p50_hours ?? '', l.p90_hours ?? '']);
  const lockers = utilisation.data?.data.lockers ?? [];
  const flagLabel = (flag: string | null) => t(`utilisation.${flag ?? 'ok'}`);
  const utilHead = [t('utilisation.locker'), t('utilisation.doors'), t('utilisation.occupied'), t('utilisation.share'), t('utilisation.flag')];
  const flagChip = (flag: string | null) => <Chip key="flag" size="small" label={flagLabel(flag)} color={flag === 'high' ? 'error' : flag === 'low' ? 'warning' : 'success'} variant="outlined" />;
  // On a phone the flag sits under the locker's name: a fifth column would scroll out of sight, and it is the point.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const utilRows = lockers.map((l) =>
    phone
      ? [<Stack key="locker" spacing={0.5} sx={{ alignItems: 'flex-start' }}>{l.name}{flagChip(l.flag)}</Stack>, l.doors, l.occupied, pct(l.utilisation)]
      : [l.name, l.doors, l.occupied, pct(l.utilisation), flagChip(l.flag)],
  );
  const cells = heatmap.data?.data.cells ?? [];
  const dayName = (i: number) => t(`heatmap.days.${i}`);
  const max = useMemo(() => Math.max(1, ...cells.flat()), [cells]);
  const exc = exceptions.data?.data;
  // The identity comes through react-admin's query cache, whose updates React renders at once, in one task: the
  // filters and sections it lets through render a moment later in a transition instead (in slices).
  const roleKnown = useDeferredValue(!actor.isPending, false);
  const mounted = useStaggered(roleKnown ? SECTIONS : 0);

  // The filters depend on the role: drawn before it is known, they would grow once it is, moving the sections
  // below (into the view and out of it, at load).
  if (!roleKnown) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('dashboard.charts_loading')}
      </Typography>
    );
  }
  return (
    <>
      <Stack component="form" aria-label={t('filters')} direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} onSubmit={(e) => e.preventDefault()}>
        {(['from', 'to'] as const).map((end) => (
          <DayInput key={end} label={t(end)} value={filters[end]} onChange={setDay(end)} invalidText={t('day_invalid')} calendarLabel={t('calendar')} error={rangeError?.body?.errors?.[end]} />
        ))}
        {network && (
          <TextField select size="small" label={t('merchant')} value={filters.merchant_id} onChange={set('merchant_id')} sx={{ minWidth: 200 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('all_merchants')}</MenuItem>
            {(merchants.data?.data ?? []).map((m) => (
              <MenuItem key={m.id} value={String(m.id)}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {locationFilter && (
          <TextField select size="small" label={t('location')} value={filters.location_id} onChange={set('location_id')} sx={{ minWidth: 200 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{t('all_locations')}</MenuItem>
            {(locations.data?.data ?? []).map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {/* One section more per commit (useStaggered): one commit of all six was a long task on a phone. */}
      <Grid container spacing={2}>
        {mounted > 0 && (
          <Grid size={{ xs: 12, lg: 8 }}>
            <Section id="flow" file={csvFileName('flow', filters)} title={t('flow.title')} height={260} csv={() => csvOf(flowHead, flowRows)} table={<SimpleTable head={flowHead} rows={flowRows} />}>
              <LineChart
                height={260}
                xAxis={[{ scaleType: 'point', data: days.map((d) => d.day.slice(5)) }]}
                series={[
                  { data: days.map((d) => d.arrived), label: t('flow.arrived'), showMark: false, curve: 'linear' },
                  { data: days.map((d) => d.out), label: t('flow.out'), showMark: false, curve: 'linear' },
                ]}
              />
            </Section>
          </Grid>
        )}
        {mounted > 1 && (
          <Grid size={{ xs: 12, lg: 4 }}>
            <Section id="rates" file={csvFileName('rates', filters)} title={t('rates.title')} height={tableHeight(rateRows.length || 7)} csv={() => csvOf([t('rates.measure'), t('rates.value')], rateRows)} table={<SimpleTable head={[t('rates.measure'), t('rates.value')]} rows={rateRows} />} />
          </Grid>
        )}
        {mounted > 2 && (
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section id="dwell" file={csvFileName('dwell', filters)} title={t('dwell.title')} height={dwellHeight} csv={() => csvOf(dwellHead, dwellRows)} table={<SimpleTable head={dwellHead} rows={dwellRows} />}>
              {dwellLocations.length ? (
                <BarChart
                  height={dwellHeight}
                  layout="horizontal"
                  yAxis={[{ scaleType: 'band', data: dwellLocations.slice(0, 12).map((l) => l.name), width: 140 }]}
                  series={[
                    { data: dwellLocations.slice(0, 12).map((l) => l.p50_hours ?? 0), label: t('dwell.p50') },
                    { data: dwellLocations.slice(0, 12).map((l) => l.p90_hours ?? 0), label: t('dwell.p90') },
                  ]}
                />
              ) : (
                <Typography variant="body2">{t('no_data')}</Typography>
              )}
            </Section>
          </Grid>
        )}
        {mounted > 3 && (
          <Grid size={{ xs: 12, lg: 6 }}>
            <Section
              id="utilisation"
              now
              file={csvFileName('utilisation', filters, today())}
              title={t('utilisation.title')}
              height={tableHeight(lockers.length)}
              csv={() => csvOf(utilHead, lockers.map((l) => [l.name, l.doors, l.occupied, pct(l.utilisation), flagLabel(l.flag)]))}
              table={
                <SimpleTable head={phone ? utilHead.slice(0, 4) : utilHead} rows={utilRows} />
              }
            />
          </Grid>
        )}
        {mounted > 4 && (
          <Grid size={{ xs: 12 }}>
            <Section
              id="heatmap"
              file={csvFileName('heatmap', filters)}
              title={t('heatmap.title')}
              height={8 * 22}
              csv={() => csvOf([t('heatmap.weekday'), ...Array.from({ length: 24 }, (_, h) => String(h))], cells.map((row, i) => [dayName(i), ...row]))}
              table={
                <Table size="small" sx={{ '& td, & th': { px: 0.25, py: 0.25, textAlign: 'center', fontSize: 11 } }}>
                  <HeadRow head={[t('heatmap.weekday'), ...Array.from({ length: 24 }, (_, h) => h)]} />
                  <TableBody>
                    {cells.map((row, i) => (
                      <TableRow key={i}>
                        <TableCell component="th" scope="row">
                          {dayName(i)}
                        </TableCell>
                        {row.map((n, h) => (
                          <TableCell key={h} title={t('heatmap.cell', { day: dayName(i), hour: h, count: n })} sx={{ bgcolor: n ? `rgba(21, 101, 192, ${0.1 + (0.9 * n) / max})` : undefined, color: n / max > 0.5 ? '#fff' : undefined }}>
                            {n}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              }
            />
          </Grid>
        )}
        {mounted > 5 && (
          <Grid size={{ xs: 12 }}>
            <Section
              id="exceptions"
              now
              file={csvFileName('exceptions', filters, today())}
              title={t('exceptions.title')}
              height={28 + tableHeight(exc?.rows.length ?? 0)}
              csv={() => exceptionsCsv(exc?.rows ?? [], t)}
              table={
                <>
                  {exc && <Typography variant="body2" sx={{ mb: 1 }}>{t('exceptions.totals', { expired: exc.totals.expired, lost: exc.totals.lost, failed: exc.totals.message_failed })}</Typography>}
                  {exc && !exc.rows.length ? (
                    <Alert severity="success">{t('exceptions.none')}</Alert>
                  ) : (
                    <SimpleTable
                      head={[t('exceptions.kind'), t('exceptions.record'), t('exceptions.location'), t('exceptions.at')]}
                      rows={(exc?.rows ?? []).map((e) => {
                        const path = recordPath(e);
                        return [t(`exceptions.${e.kind}`), path ? <MuiLink key="link" component={Link} to={path}>{e.label}</MuiLink> : e.label, e.location ?? '', new Date(e.at).toLocaleString(locale, { timeZone: NETWORK_TIME_ZONE })];
                      })}
                    />
                  )}
                </>
              }
            />
          </Grid>
        )}
      </Grid>
    </>
  );
}
