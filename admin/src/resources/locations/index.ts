import PlaceIcon from '@mui/icons-material/Place';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./LocationList.js'), 'LocationList'),
  show: lazyScreen(() => import('./LocationShow.js'), 'LocationShow'),
  edit: lazyScreen(() => import('./LocationEdit.js'), 'LocationEdit'),
  create: lazyScreen(() => import('./LocationCreate.js'), 'LocationCreate'),
  icon: PlaceIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
