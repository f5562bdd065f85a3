import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import type { RaRecord } from 'react-admin';
import { batchItemRoutes } from './routes.js';

export { batchItemRoutes };

/**
 * Batch items are nested under batches: no top-level screens (so no menu entry); their screens are
 * `batchItemRoutes`, mounted by the shell under <CustomRoutes>.
 */
export default {
  icon: PeopleOutlineIcon,
  /** Read by the shell (App.tsx) and mounted under <CustomRoutes>. */
  routes: batchItemRoutes,
  recordRepresentation: (r: RaRecord) => [r.first_name, r.last_name].filter(Boolean).join(' ') || `#${r.id}`,
};
