/**
 * Label data of shipments (one label per package that is not cancelled), read in one query per shipment:
 * where it goes (the package's own drop-off when rerouted, with its address), who it is for (name and phone
 * in international format), who sends it and where it returns (the merchant and its pickup location's
 * address), the service (the shipment's type: standard or express) and the print date.
 */
import { localDay, zoneOf } from '../../core/local-time.js';
import { formatPhoneForDisplay } from '../../core/phone.js';
import { LEFT_SHIPMENT_STATUSES } from '../../core/policies/packages.policy.js';
import type { Executor } from '../resources/shared/op-context.js';
import type { LabelData } from './label.js';

interface AddressParts {
  street: string | null;
  house: string | null;
  postcode: string | null;
  locality: string | null;
}

/** "12 Bay Street, Nassau" (house number before the street, as in the Bahamas; postcode before the town; empty parts left out). */
export function addressLine(a: AddressParts): string {
  const join = (parts: (string | null)[]) => parts.map((p) => p?.trim()).filter(Boolean).join(' ');
  return [join([a.house, a.street]), join([a.postcode, a.locality])].filter(Boolean).join(', ');
}

/**
 * `printedAt`: when the labels are printed (the request's clock). The date printed is that moment's day where the label
 * is printed: the merchant's premises (the shipment's pickup location), else its drop-off, in the place's time zone.
 */
export async function shipmentLabels(db: Executor, shipmentId: number, packageIds?: number[], printedAt: Date = new Date()): Promise<LabelData[]> {
  const shipment = await db
    .selectFrom('shipments')
    .innerJoin('merchants', 'merchants.id', 'shipments.merchant_id')
    .leftJoin('locations', 'locations.id', 'shipments.dropoff_location_id')
    .leftJoin('locations as pickup', 'pickup.id', 'shipments.pickup_location_id')
    .select([
      'shipments.reference_id', 'shipments.external_reference_id', 'shipments.first_name', 'shipments.last_name', 'shipments.phone', 'shipments.country', 'shipments.type',
      'merchants.name as merchant', 'locations.name as dropoff_name', 'locations.code as dropoff_code',
      'locations.address_street as dropoff_street', 'locations.address_house_number as dropoff_house', 'locations.address_postcode as dropoff_postcode', 'locations.address_locality as dropoff_locality',
      'pickup.timezone as pickup_timezone', 'locations.timezone as dropoff_timezone',
      'pickup.address_street as pickup_street', 'pickup.address_house_number as pickup_house', 'pickup.address_postcode as pickup_postcode', 'pickup.address_locality as pickup_locality',
    ])
    .where('shipments.id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  const packages = await db
    .selectFrom('packages')
    .leftJoin('locations', 'locations.id', 'packages.dropoff_location_id')
    .select([
      'packages.id', 'packages.barcode', 'packages.size', 'packages.locker_number', 'locations.name as dropoff_name', 'locations.code as dropoff_code',
      'locations.address_street as dropoff_street', 'locations.address_house_number as dropoff_house', 'locations.address_postcode as dropoff_postcode', 'locations.address_locality as dropoff_locality',
    ])
    .where('packages.shipment_id', '=', shipmentId)
    .where('packages.status', 'not in', LEFT_SHIPMENT_STATUSES)
    .orderBy('packages.id')
    .execute();
  const consignee = [shipment.first_name, shipment.last_name].filter(Boolean).join(' ');
  const dropoffOf = (d: { dropoff_name: string | null; dropoff_code: string | null; dropoff_street: string | null; dropoff_house: string | null; dropoff_postcode: string | null; dropoff_locality: string | null }) =>
    d.dropoff_name
      ? { name: d.dropoff_name, code: d.dropoff_code ?? '', address: addressLine({ street: d.dropoff_street, house: d.dropoff_house, postcode: d.dropoff_postcode, locality: d.dropoff_locality }) }
      : null;
  const sender = {
    name: shipment.merchant,
    address: addressLine({ street: shipment.pickup_street, house: shipment.pickup_house, postcode: shipment.pickup_postcode, locality: shipment.pickup_locality }),
  };
  const date = localDay(printedAt, zoneOf(shipment.pickup_timezone, shipment.dropoff_timezone));
  return packages
    .map((p, i) => ({
      id: p.id,
      label: {
        reference_id: shipment.reference_id,
        external_reference_id: shipment.external_reference_id,
        barcode: p.barcode,
        // A rerouted package goes where its own drop-off says.
        dropoff: dropoffOf(p) ?? dropoffOf(shipment),
        locker_number: p.locker_number,
        consignee,
        phone: formatPhoneForDisplay(shipment.phone, shipment.country),
        merchant: shipment.merchant,
        sender,
        service: shipment.type,
        date,
        size: p.size,
        index: i + 1,
        total: packages.length,
      },
    }))
    .filter((entry) => !packageIds || packageIds.includes(entry.id))
    .map((entry) => entry.label);
}
