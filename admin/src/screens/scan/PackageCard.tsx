/** The package a scan found: barcode, status, shipment reference, consignee, drop-off and location. */
import { Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { packageStatusTone } from '../../../../core/policies/packages.policy.js';
import { useTranslate } from 'react-admin';
import { useStatusLabel } from '../../components/StatusField.js';
import type { PackageRecord } from '../shared/operationsApi.js';
import { getLocale } from '../../providers/locale.js';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>{children}</Typography>
    </>
  );
}

export function PackageCard({ pkg, notice, children }: { pkg: PackageRecord; notice?: ReactNode; children?: ReactNode }) {
  const translate = useTranslate();
  const status = useStatusLabel('packages');
  const consignee = [pkg.shipment?.first_name, pkg.shipment?.last_name].filter(Boolean).join(' ');
  return (
    <Card variant="outlined" component="section" aria-labelledby={`package-${pkg.id}-title`} data-testid="package-card">
      <CardContent sx={{ pb: 1 }}>
        <Typography id={`package-${pkg.id}-title`} component="h2" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {pkg.barcode}
        </Typography>
        <Chip
          data-testid="package-status"
          label={status(pkg.status)}
          variant="outlined"
          color={packageStatusTone(pkg)}
          sx={{ my: 1 }}
        />
        {notice}
        <Typography component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Row label={translate('screens.ops.package.reference')}>{pkg.shipment?.reference_id ?? '—'}</Row>
          <Row label={translate('screens.ops.package.consignee')}>{consignee || '—'}</Row>
          <Row label={translate('screens.ops.package.dropoff')}>{pkg.dropoff_location_name ?? '—'}</Row>
          {pkg.location_name && <Row label={translate('screens.ops.package.location')}>{pkg.location_name}</Row>}
          <Row label={translate('screens.ops.package.size')}>{translate(`sizes.${pkg.size}`, { _: pkg.size })}</Row>
          {pkg.locker_number && <Row label={translate('screens.ops.package.locker_number')}>{pkg.locker_number}</Row>}
          {pkg.expires_at && <Row label={translate('screens.ops.package.expires_at')}>{new Date(pkg.expires_at).toLocaleString(getLocale())}</Row>}
        </Typography>
      </CardContent>
      {children && <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{children}</CardActions>}
    </Card>
  );
}
