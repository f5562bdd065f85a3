import { Route } from 'react-router';
import { ResourceContextProvider } from 'react-admin';
import { lazyScreen } from '../../components/lazyScreen.js';
import { nestedRoutes } from '../../components/nested.js';

/** The customer import wizard (admin/src/screens/import), its own chunk. */
const BatchItemImportScreen = lazyScreen(() => import('../../screens/import/ImportScreen.js'), 'BatchItemImportScreen');

/**
 * /batches/:parent_id/batch_items (list, create, show, edit) and the import wizard at
 * /batches/:parent_id/batch_items/import/:step, mounted by the shell under <CustomRoutes>.
 */
export const batchItemRoutes = [
  ...nestedRoutes('batches', 'batch_items', {
    list: lazyScreen(() => import('./BatchItemList.js'), 'BatchItemList'),
    create: lazyScreen(() => import('./BatchItemCreate.js'), 'BatchItemCreate'),
    show: lazyScreen(() => import('./BatchItemShow.js'), 'BatchItemShow'),
    edit: lazyScreen(() => import('./BatchItemEdit.js'), 'BatchItemEdit'),
  }),
  <Route
    key="batch_items-import"
    path="/batches/:parent_id/batch_items/import/:step?"
    element={
      <ResourceContextProvider value="batch_items">
        <BatchItemImportScreen />
      </ResourceContextProvider>
    }
  />,
];
