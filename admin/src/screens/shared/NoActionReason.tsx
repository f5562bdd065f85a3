/**
 * What a scan screen says under a package card that offers no step here (issue 10 item 3): the same sentence
 * as a refused scan (core scanReason: "not ready for pickup", "already at …", "goes to …") and what to do,
 * instead of a bare "nothing to do here".
 */
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { scanReason } from '../../../../core/machines/scan-reasons.js';
import { useActor } from '../../components/useActor.js';
import type { PackageRecord } from './operationsApi.js';
import { scanHintKey } from './scanError.js';

export function NoActionReason({ pkg }: { pkg: PackageRecord }) {
  const translate = useTranslate();
  const { role } = useActor();
  const reason = scanReason(pkg, role);
  if (!reason) return <span>{translate('screens.ops.package.nothing_to_do')}</span>;
  const location = (reason.names === 'location_id' ? pkg.location_name : reason.names === 'dropoff_location_id' ? pkg.dropoff_location_name : null) ?? '—';
  return (
    <Typography component="span" variant="body2" data-testid="no-action-reason">
      {translate(`errors.${reason.code}`, { location })}. {translate(`screens.ops.hints.${scanHintKey(reason.code)}`)}
    </Typography>
  );
}
