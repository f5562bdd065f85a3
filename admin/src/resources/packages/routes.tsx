import { lazyScreen } from '../../components/lazyScreen.js';
import { nestedRoutes } from '../../components/nested.js';

/** /shipments/:parent_id/packages (list, create, show, edit), mounted by the shell under <CustomRoutes>. */
export const packageRoutes = nestedRoutes('shipments', 'packages', {
  list: lazyScreen(() => import('./PackageList.js'), 'PackageList'),
  create: lazyScreen(() => import('./PackageCreate.js'), 'PackageCreate'),
  show: lazyScreen(() => import('./PackageShow.js'), 'PackageShow'),
  edit: lazyScreen(() => import('./PackageEdit.js'), 'PackageEdit'),
});
