import CampaignIcon from '@mui/icons-material/Campaign';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./BatchList.js'), 'BatchList'),
  show: lazyScreen(() => import('./BatchShow.js'), 'BatchShow'),
  edit: lazyScreen(() => import('./BatchEdit.js'), 'BatchEdit'),
  create: lazyScreen(() => import('./BatchCreate.js'), 'BatchCreate'),
  icon: CampaignIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
