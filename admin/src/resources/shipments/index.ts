import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { RaRecord } from 'react-admin';
import { ShipmentCreate } from './ShipmentCreate.js';
import { ShipmentEdit } from './ShipmentEdit.js';
import { ShipmentList } from './ShipmentList.js';
import { ShipmentShow } from './ShipmentShow.js';

export default {
  list: ShipmentList,
  show: ShipmentShow,
  edit: ShipmentEdit,
  create: ShipmentCreate,
  icon: LocalShippingIcon,
  recordRepresentation: (r: RaRecord) => r.reference_id ?? `#${r.id}`,
};
