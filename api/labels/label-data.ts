/** Label data of shipments (one label per package that is not cancelled), read in one query per shipment. */
import type { Translate } from '../../core/validation.js';
import { PACKAGE_STATUS as P } from '../../core/statuses.js';
import type { Executor } from '../operations/context.js';
import { ENGLISH_CAPTIONS, type LabelCaptions, type LabelData } from './label.js';

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

/** Captions in the request's language (labels.* keys), English when a key is missing. */
export function labelCaptions(t: Translate | undefined): LabelCaptions {
  if (!t) return ENGLISH_CAPTIONS;
  const tr = (key: string, fallback: string, params?: Record<string, string | number>) => {
    const text = t(`labels.${key}`, params);
    return text === `labels.${key}` ? fallback : text;
  };
  return {
    reference: tr('reference', ENGLISH_CAPTIONS.reference),
    package: tr('package', ENGLISH_CAPTIONS.package),
    dropoff: tr('dropoff', ENGLISH_CAPTIONS.dropoff),
    locker: tr('locker', ENGLISH_CAPTIONS.locker),
    consignee: tr('consignee', ENGLISH_CAPTIONS.consignee),
    merchant: tr('merchant', ENGLISH_CAPTIONS.merchant),
    order: tr('order', ENGLISH_CAPTIONS.order),
    size: tr('size', ENGLISH_CAPTIONS.size),
    count: (n, total) => tr('count', ENGLISH_CAPTIONS.count(n, total), { n, total }),
    sizeName: (s) => {
      const text = t(`sizes.${s}`);
      return text === `sizes.${s}` ? s : text;
    },
  };
}
