/**
 * The resource API under /api: the nine resources (list, show, create, update, delete), user/can,
 * dashboard statistics and merchant preferences. Contract: docs/resources.md; roles: docs/permissions.md.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceName } from '../../core/permissions.js';
import { registerCrudRoutes } from './crud-routes.js';
import type { ResourceModule } from './module.js';
import { registerCanRoute } from './record-actions.js';
import { registerDashboardRoutes } from './dashboard/dashboard.routes.js';
import { registerDashboardKpiRoutes } from './dashboard/dashboard-kpis.routes.js';
import { shipmentsModule } from './shipments/shipments.module.js';
import { packagesModule } from './packages/packages.module.js';
import { batchesModule } from './batches/batches.module.js';
import { batchItemsModule } from './batch_items/batch_items.module.js';
import { manifestsModule } from './manifests/manifests.module.js';
import { locationsModule } from './locations/locations.module.js';
import { locationGroupsModule } from './location_groups/location_groups.module.js';
import { merchantsModule, registerPreferenceRoutes } from './merchants/merchants.routes.js';
import { usersModule } from './users/users.module.js';

export const RESOURCE_MODULES: Record<ResourceName, ResourceModule> = {
  shipments: shipmentsModule,
  packages: packagesModule,
  batches: batchesModule,
  batch_items: batchItemsModule,
  manifests: manifestsModule,
  locations: locationsModule,
  location_groups: locationGroupsModule,
  merchants: merchantsModule,
  users: usersModule,
};

export { registerRecordAction } from './record-actions.js';
export { loadVisible, loadOne } from './records.js';

export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  registerPreferenceRoutes(app);
  registerDashboardRoutes(app);
  registerDashboardKpiRoutes(app);
  registerCanRoute(app, RESOURCE_MODULES);
  for (const mod of Object.values(RESOURCE_MODULES)) registerCrudRoutes(app, mod);
}
