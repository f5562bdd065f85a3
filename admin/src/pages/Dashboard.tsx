import { lazy, Suspense } from 'react';
import type { DashboardStatistics } from '../../../core/contract/index.js';
import { Box, Card, CardActionArea, CardContent, Grid, Skeleton, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DASHBOARD_SHIPMENT_STATUSES } from '../../../core/policies/shipments.policy.js';
import { NETWORK_TIME_ZONE } from '../../../core/dashboard.js';
import { useApiGet } from './useApi.js';
import { loadChunk } from '../components/lazyScreen.js';

/**
 * The charts (issue 15): a chunk of their own with @mui/x-charts, fetched once the cards have rendered. No role
 * check here: it would add the permissions and identity chunks to this first screen, and the route's roles are the
 * charts' (`dashboard.kpis`, tested in core/permissions.test.ts).
 */
const DashboardKpis = lazy(async () => ({ default: (await loadChunk(() => import('./dashboard/DashboardKpis.js'))).DashboardKpis }));

/** The statuses the dashboard counts (core's one definition). */
export const DASHBOARD_STATUSES = DASHBOARD_SHIPMENT_STATUSES;

/** The shipments list filtered by one status, in react-admin's `?filter=` URL form. */
export function shipmentsByStatusPath(status: number): string {
  return `/shipments?filter=${encodeURIComponent(JSON.stringify({ status: [status] }))}`;
}


function ChartsLoading() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('dashboard.charts_loading')}
    </Typography>
  );
}

export function Dashboard() {
  const translate = useTranslate();
  const { data, loading } = useApiGet<DashboardStatistics>('dashboard/statistics', { live: ['shipments'] });
  return (
    <>
      <Title title={translate('dashboard.title')} />
      <Typography component="h2" variant="h5" sx={{ my: 2 }}>
        {translate('dashboard.title')}
      </Typography>
      <Grid container spacing={2}>
        {DASHBOARD_STATUSES.map((status) => {
          const label = translate(`dashboard.cards.${status}`);
          const count = data?.data.shipments[String(status)] ?? 0;
          return (
            <Grid key={status} size={{ xs: 12, md: 4 }}>
              <Card>
                {/* Named by what it shows ("Draft shipments 3 View all"): an aria-label would hide part of it (WCAG 2.5.3). */}
                <CardActionArea component={Link} to={shipmentsByStatusPath(status)}>
                  <CardContent>
                    <Typography component="h2" variant="subtitle1" color="text.secondary">
                      {label}
                    </Typography>
                    <Typography variant="h3" component="p">
                      {loading ? <Skeleton width={60} /> : count}
                    </Typography>
                    <Typography variant="body2" color="primary">
                      {translate('dashboard.view_all')}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      {/* Every role that has this screen has the charts (dashboard.kpis = the dashboard route's roles). The section
          and its heading render with the cards; the charts' chunk fills it once the cards have their numbers. The
          heading is a section's (h6, under the page's h5). On a phone it is in the first view, which the first
          paint draws before the app has run (admin/build/first-screen.ts: keep the two in step). */}
      <Box component="section" aria-labelledby="kpi-title" sx={{ mt: 4 }}>
        <Typography id="kpi-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {translate('dashboard.kpis_title')}
        </Typography>
        {/* The charts' time zone, with the heading: on a phone the first paint draws both (this line, drawn
            later by the charts' chunk, was the first view's largest text). */}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('dashboard.kpis_time_zone', { zone: NETWORK_TIME_ZONE })}
        </Typography>
        {loading ? (
          <ChartsLoading />
        ) : (
          <Suspense fallback={<ChartsLoading />}>
            <DashboardKpis />
          </Suspense>
        )}
      </Box>
    </>
  );
}
