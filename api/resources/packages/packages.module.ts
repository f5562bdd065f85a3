/** Packages resource (admin: nested under shipments, list filter shipment_id). */
import type { ResourceModule } from '../module.js';
import { packagesList } from './packages.repository.js';
import { createPackage, deletePackage, packageIncludes, packageVerdicts, updatePackage } from './packages.service.js';

export const packagesModule: ResourceModule = {
  name: 'packages',
  list: packagesList,
  verdicts: packageVerdicts,
  include: packageIncludes,
  create: createPackage,
  update: updatePackage,
  remove: deletePackage,
};
