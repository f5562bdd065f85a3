import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { RaRecord } from 'react-admin';
import { packageRoutes } from './routes.js';

export { packageRoutes };

/**
 * Packages are nested under shipments: no top-level list/show/edit/create (so no menu entry); their
 * screens are `packageRoutes`, mounted by the shell under <CustomRoutes>.
 */
export default {
  icon: Inventory2Icon,
  /** Read by the shell (App.tsx) and mounted under <CustomRoutes>. */
  routes: packageRoutes,
  recordRepresentation: (r: RaRecord) => r.barcode ?? `#${r.id}`,
};
