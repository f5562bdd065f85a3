import DescriptionIcon from '@mui/icons-material/Description';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./ManifestList.js'), 'ManifestList'),
  show: lazyScreen(() => import('./ManifestShow.js'), 'ManifestShow'),
  edit: lazyScreen(() => import('./ManifestEdit.js'), 'ManifestEdit'),
  create: lazyScreen(() => import('./ManifestCreate.js'), 'ManifestCreate'),
  icon: DescriptionIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
