import { lazyScreen } from '../../components/lazyScreen.js';
import { nestedRoutes } from '../../components/nested.js';

/** /batches/:parent_id/batch_items (list, create, show, edit), mounted by the shell under <CustomRoutes>. */
export const batchItemRoutes = nestedRoutes('batches', 'batch_items', {
  list: lazyScreen(() => import('./BatchItemList.js'), 'BatchItemList'),
  create: lazyScreen(() => import('./BatchItemCreate.js'), 'BatchItemCreate'),
  show: lazyScreen(() => import('./BatchItemShow.js'), 'BatchItemShow'),
  edit: lazyScreen(() => import('./BatchItemEdit.js'), 'BatchItemEdit'),
});
