/**
 * Opens an import wizard, for the roles that may import (core ROUTES): "Import" in the shipments list
 * toolbar, "Import customers" on a batch page.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canAccessRoute } from '../../../../core/permissions.js';
import { useActor } from '../../components/useActor.js';
import { SHIPMENT_WIZARD, type ImportWizard } from './importKinds.js';

export function ImportButton({ wizard = SHIPMENT_WIZARD, label = 'resources.shipments.actions.import', testId = 'shipments-import' }: { wizard?: ImportWizard; label?: string; testId?: string }) {
  const translate = useTranslate();
  const actor = useActor();
  if (actor.isPending || !canAccessRoute(actor, wizard.route)) return null;
  const text = translate(label);
  return (
    <Button component={RouterLink} to={wizard.base} label={text} aria-label={text} data-testid={testId}>
      <UploadFileIcon />
    </Button>
  );
}
