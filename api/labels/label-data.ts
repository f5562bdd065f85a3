/** Label data of shipments (one label per package that is not cancelled), read in one query per shipment. */
import { PACKAGE_STATUS as P } from '../../core/statuses.js';
import type { Executor } from '../resources/shared/op-context.js';
import type { LabelData } from './label.js';

export async function shipmentLabels(db: Executor, shipmentId: number, packageIds?: number[]): Promise<LabelData[]> {
  const shipment = await db
    .selectFrom('shipments')
    .innerJoin('merchants', 'merchants.id', 'shipments.merchant_id')
    .leftJoin('locations', 'locations.id', 'shipments.dropoff_location_id')
    .select(['shipments.reference_id', 'shipments.external_reference_id', 'shipments.first_name', 'shipments.last_name', 'merchants.name as merchant', 'locations.name as dropoff_name', 'locations.code as dropoff_code'])
    .where('shipments.id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  const packages = await db
    .selectFrom('packages')
    .leftJoin('locations', 'locations.id', 'packages.dropoff_location_id')
    .select(['packages.id', 'packages.barcode', 'packages.size', 'packages.locker_number', 'locations.name as dropoff_name', 'locations.code as dropoff_code'])
    .where('packages.shipment_id', '=', shipmentId)
    .where('packages.status', '!=', P.cancelled)
    .orderBy('packages.id')
    .execute();
  const consignee = [shipment.first_name, shipment.last_name].filter(Boolean).join(' ');
  return packages
    .map((p, i) => ({
      id: p.id,
      label: {
        reference_id: shipment.reference_id,
        external_reference_id: shipment.external_reference_id,
        barcode: p.barcode,
        // A rerouted package goes where its own drop-off says.
        dropoff: p.dropoff_name ? { name: p.dropoff_name, code: p.dropoff_code ?? '' } : shipment.dropoff_name ? { name: shipment.dropoff_name, code: shipment.dropoff_code ?? '' } : null,
        locker_number: p.locker_number,
        consignee,
        merchant: shipment.merchant,
        size: p.size,
        index: i + 1,
        total: packages.length,
      },
    }))
    .filter((entry) => !packageIds || packageIds.includes(entry.id))
    .map((entry) => entry.label);
}
