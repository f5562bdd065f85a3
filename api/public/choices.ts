/**
 * The drop-off locations a customer may choose (lockers and PUDO points that are active drop-offs,
 * network-wide or the merchant's own; PUDO only for oversized parcels), nearest first when a position
 * is known: device coordinates, or the centre of the locations sharing the given postcode.
 */
import { dropoffClassesFor } from '../../core/policies/packages.policy.js';
import type { Kysely } from 'kysely';
import { distanceKm, type LatLng } from '../../core/geo.js';
import type { Database, Location } from '../db/tables.js';

export type Position = LatLng;

export interface Choice {
  id: number;
  name: string;
  class: string;
  hours: string | null;
  address: { street: string | null; house_number: string | null; locality: string | null; postcode: string | null; country: string };
  latitude: number | null;
  longitude: number | null;
  distance_km: number | null;
}

function allowed(db: Kysely<Database>, merchantId: number, oversized: boolean) {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('type', '=', 'dropoff')
    .where('active', '=', 1)
    .where('class', 'in', dropoffClassesFor(oversized ? ['OVERSIZED'] : []))
    .where((eb) => eb.or([eb('merchant_id', 'is', null), eb('merchant_id', '=', merchantId)]));
}

/** Reads ?lat&lng (both valid) or ?postcode into a position, or null. */
export async function positionOf(db: Kysely<Database>, query: Record<string, unknown>): Promise<Position | null> {
  const lat = Number(query.lat);
  const lng = Number(query.lng);
  if (query.lat !== undefined && query.lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { lat, lng };
  const postcode = typeof query.postcode === 'string' ? query.postcode.trim().toUpperCase().slice(0, 20) : '';
  if (!postcode) return null;
  const rows = await db.selectFrom('locations').select(['latitude', 'longitude', 'address_postcode']).where('address_postcode', 'is not', null).where('latitude', 'is not', null).execute();
  const same = rows.filter((r) => r.address_postcode!.trim().toUpperCase() === postcode && r.longitude != null);
  if (!same.length) return null;
  return { lat: same.reduce((s, r) => s + r.latitude!, 0) / same.length, lng: same.reduce((s, r) => s + r.longitude!, 0) / same.length };
}

const present = (l: Location, from: Position | null): Choice => ({
  id: l.id,
  name: l.name,
  class: l.class,
  hours: l.hours,
  address: { street: l.address_street, house_number: l.address_house_number, locality: l.address_locality, postcode: l.address_postcode, country: l.address_country },
  latitude: l.latitude,
  longitude: l.longitude,
  distance_km: from && l.latitude != null && l.longitude != null ? distanceKm(from, { lat: l.latitude, lng: l.longitude }) : null,
});

export async function listChoices(db: Kysely<Database>, merchantId: number, oversized: boolean, from: Position | null, limit = 100): Promise<Choice[]> {
  const rows = await allowed(db, merchantId, oversized).orderBy('name').orderBy('id').limit(2000).execute();
  const choices = rows.map((l) => present(l, from));
  if (from) choices.sort((a, b) => (a.distance_km ?? Infinity) - (b.distance_km ?? Infinity) || a.id - b.id);
  return choices.slice(0, limit);
}

/** The location if the customer may choose it, else undefined. */
export function findChoice(db: Kysely<Database>, merchantId: number, oversized: boolean, id: number): Promise<Location | undefined> {
  return allowed(db, merchantId, oversized).where('id', '=', id).executeTakeFirst();
}
