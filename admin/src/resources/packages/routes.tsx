import { nestedRoutes } from '../../components/nested.js';
import { PackageCreate } from './PackageCreate.js';
import { PackageEdit } from './PackageEdit.js';
import { PackageList } from './PackageList.js';
import { PackageShow } from './PackageShow.js';

/** /shipments/:parent_id/packages (list, create, show, edit), mounted under <CustomRoutes>. */
export const packageRoutes = nestedRoutes('shipments', 'packages', {
  list: PackageList,
  create: PackageCreate,
  show: PackageShow,
  edit: PackageEdit,
});
