import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import type { RaRecord } from 'react-admin';

export { batchItemRoutes } from './routes.js';

/**
 * Batch items are nested under batches: no top-level screens (so no menu entry); their screens are
 * `batchItemRoutes`, mounted by the shell under <CustomRoutes>.
 */
export default {
  icon: PeopleOutlineIcon,
  recordRepresentation: (r: RaRecord) => [r.first_name, r.last_name].filter(Boolean).join(' ') || `#${r.id}`,
};
