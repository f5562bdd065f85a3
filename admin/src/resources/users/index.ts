import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./UserList.js'), 'UserList'),
  show: lazyScreen(() => import('./UserShow.js'), 'UserShow'),
  edit: lazyScreen(() => import('./UserEdit.js'), 'UserEdit'),
  create: lazyScreen(() => import('./UserCreate.js'), 'UserCreate'),
  icon: PeopleIcon,
  recordRepresentation: (r: RaRecord) => [r.first_name, r.last_name].filter(Boolean).join(' ') || r.email || `#${r.id}`,
};
