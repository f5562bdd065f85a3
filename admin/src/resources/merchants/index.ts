import StorefrontIcon from '@mui/icons-material/Storefront';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./MerchantList.js'), 'MerchantList'),
  show: lazyScreen(() => import('./MerchantShow.js'), 'MerchantShow'),
  edit: lazyScreen(() => import('./MerchantEdit.js'), 'MerchantEdit'),
  create: lazyScreen(() => import('./MerchantCreate.js'), 'MerchantCreate'),
  icon: StorefrontIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
