/** Packages: list spec with the tenant rules of merchants, store staff and drivers. */
import { ROLES, isStoreRole } from '../../../core/roles.js';
import { PACKAGE_STATUS } from '../../../core/statuses.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { byMerchant, nothing, userLocationIds } from '../tenancy.js';

/** Packages a driver may see without carrying them: waiting for a pickup (new or expired-retrievable). */
export const AWAITING_DRIVER = [PACKAGE_STATUS.awaiting_pickup, PACKAGE_STATUS.expired_retrievable];

export const packagesList: ListSpec<Row> = {
  resource: 'packages',
  table: 'packages',
  columns: [
    'barcode', 'size', 'status', 'description', 'shipment_id', 'merchant_id', 'location_id', 'dropoff_location_id',
    'driver_id', 'manifest_id', 'consolidated_to_id', 'locker_number', 'available_at', 'expires_at', 'is_rerouted',
    'is_consolidated', 'is_consolidation', 'missing', 'is_unpaid', 'created_at', 'updated_at',
  ],
  light: { columns: ['barcode'], name: (r) => r.barcode },
  searchPrefix: ['barcode'],
  sorts: ['id', 'barcode', 'status', 'size', 'created_at', 'updated_at', 'expires_at', 'available_at'],
  defaultSort: 'id',
  filters: {
    status: 'int', shipment_id: 'int', merchant_id: 'int', size: 'text', location_id: 'int', dropoff_location_id: 'int',
    driver_id: 'int', manifest_id: 'int', consolidated_to_id: 'int', is_rerouted: 'bool', is_consolidated: 'bool',
    is_consolidation: 'bool', missing: 'bool', is_unpaid: 'bool',
  },
  restrict: byMerchant('packages', (qb, actor) => {
    if (isStoreRole(actor.role)) {
      const mine = userLocationIds(actor.id);
      return qb.where((eb: any) => eb.or([eb('packages.location_id', 'in', mine), eb('packages.dropoff_location_id', 'in', mine)]));
    }
    if (actor.role === ROLES.driver) {
      return qb.where((eb: any) => eb.or([eb('packages.driver_id', '=', actor.id), eb('packages.status', 'in', AWAITING_DRIVER)]));
    }
    return nothing(qb);
  }),
  async decorate(rows, db) {
    await attachNames(db, rows, 'dropoff_location_id', 'locations', 'dropoff_location_name');
    await attachNames(db, rows, 'location_id', 'locations', 'location_name');
    await attachNames(db, rows, 'shipment_id', 'shipments', 'shipment_reference_id', ['reference_id'], (r) => r.reference_id);
  },
};
