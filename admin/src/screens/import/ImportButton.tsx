/** "Import" in the shipments list toolbar, for the roles that may import (core ROUTES['shipments-import']). */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canAccessRoute } from '../../../../core/permissions.js';
import { useActor } from '../../components/useActor.js';
import { IMPORT_BASE } from './wizardState.js';

export function ImportButton() {
  const translate = useTranslate();
  const actor = useActor();
  if (actor.isPending || !canAccessRoute(actor, 'shipments-import')) return null;
  const label = translate('resources.shipments.actions.import');
  return (
    <Button component={RouterLink} to={IMPORT_BASE} label={label} aria-label={label} data-testid="shipments-import">
      <UploadFileIcon />
    </Button>
  );
}
