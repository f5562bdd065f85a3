import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { RaRecord } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';

export default {
  list: lazyScreen(() => import('./ShipmentList.js'), 'ShipmentList'),
  show: lazyScreen(() => import('./ShipmentShow.js'), 'ShipmentShow'),
  edit: lazyScreen(() => import('./ShipmentEdit.js'), 'ShipmentEdit'),
  create: lazyScreen(() => import('./ShipmentCreate.js'), 'ShipmentCreate'),
  icon: LocalShippingIcon,
  recordRepresentation: (r: RaRecord) => r.reference_id ?? `#${r.id}`,
};
