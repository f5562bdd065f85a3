/**
 * Alternative drop-off locations for a reroute: active, approved drop-off lockers and PUDO points other
 * than the current drop-off (lockers only when the customer has a phone), with the great-circle distance (haversine, km) from where the package is
 * (its current location, else its drop-off location), nearest first. Oversized packages: PUDO only.
 */
import type { Alternative } from '../../../core/contract/index.js';
import { dropoffClassesFor } from '../../../core/policies/packages.policy.js';
import { distanceKm } from '../../../core/geo.js';
import type { Package } from '../../db/tables.js';
import type { Executor } from '../shared/op-context.js';

export type { Alternative };

export async function alternativeLocations(db: Executor, pkg: Pick<Package, 'size' | 'location_id' | 'dropoff_location_id' | 'shipment_id'>, limit = 50): Promise<Alternative[]> {
  // The customer's phone: without one, no lockers (a locker texts its pickup code; core `dropoffClassesFor`).
  const shipment = await db.selectFrom('shipments').select('phone').where('id', '=', pkg.shipment_id).executeTakeFirst();
  const originId = pkg.location_id ?? pkg.dropoff_location_id;
  const origin = originId ? await db.selectFrom('locations').select(['latitude', 'longitude']).where('id', '=', originId).executeTakeFirst() : undefined;
  let qb = db
    .selectFrom('locations')
    .select(['id', 'name', 'code', 'class', 'latitude', 'longitude'])
    .where('type', '=', 'dropoff')
    .where('active', '=', 1)
    .where('approved', '=', 1)
    .where('class', 'in', dropoffClassesFor([pkg.size], shipment?.phone ?? null));
  if (pkg.dropoff_location_id != null) qb = qb.where('id', '!=', pkg.dropoff_location_id);
  const rows = await qb.execute();
  const from = origin?.latitude != null && origin.longitude != null ? { lat: origin.latitude, lng: origin.longitude } : null;
  const list = rows.map((r) => ({
    id: r.id,
    name: r.name,
    code: r.code,
    class: r.class,
    distance: from && r.latitude != null && r.longitude != null ? distanceKm(from, { lat: r.latitude, lng: r.longitude }) : null,
  }));
  list.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity) || a.id - b.id);
  return list.slice(0, limit);
}
