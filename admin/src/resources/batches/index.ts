import CampaignIcon from '@mui/icons-material/Campaign';
import type { RaRecord } from 'react-admin';
import { BatchCreate } from './BatchCreate.js';
import { BatchEdit } from './BatchEdit.js';
import { BatchList } from './BatchList.js';
import { BatchShow } from './BatchShow.js';

export default {
  list: BatchList,
  show: BatchShow,
  edit: BatchEdit,
  create: BatchCreate,
  icon: CampaignIcon,
  recordRepresentation: (r: RaRecord) => r.name || `#${r.id}`,
};
