import { nestedRoutes } from '../../components/nested.js';
import { BatchItemCreate } from './BatchItemCreate.js';
import { BatchItemEdit } from './BatchItemEdit.js';
import { BatchItemList } from './BatchItemList.js';
import { BatchItemShow } from './BatchItemShow.js';

/** /batches/:parent_id/batch_items (list, create, show, edit), mounted under <CustomRoutes>. */
export const batchItemRoutes = nestedRoutes('batches', 'batch_items', {
  list: BatchItemList,
  create: BatchItemCreate,
  show: BatchItemShow,
  edit: BatchItemEdit,
});
