import HubIcon from '@mui/icons-material/Hub';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./LocationGroupList.js'), 'LocationGroupList'),
  show: lazyScreen(() => import('./LocationGroupShow.js'), 'LocationGroupShow'),
  edit: lazyScreen(() => import('./LocationGroupEdit.js'), 'LocationGroupEdit'),
  create: lazyScreen(() => import('./LocationGroupCreate.js'), 'LocationGroupCreate'),
  icon: HubIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
