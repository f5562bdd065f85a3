/**
 * The drop-off locations a customer may choose (lockers and PUDO points that are active drop-offs,
 * network-wide or the merchant's own, of the classes core `dropoffClassesFor` allows), nearest first when a position
 * is known: device coordinates, or the centre of the locations sharing the searched postcode. A search that
 * is no known postcode narrows the list to the points whose name, town or postcode contain it (most
 * Bahamian addresses have no postcode: customers look for their town or a shop's name).
 */
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

function allowed(db: Kysely<Database>, merchantId: number, classes: readonly string[]) {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('type', '=', 'dropoff')
    .where('active', '=', 1)
    .where('class', 'in', classes)
    .where((eb) => eb.or([eb('merchant_id', 'is', null), eb('merchant_id', '=', merchantId)]));
}

/** Where the customer looks: a position (device, or a known postcode's centre) or, failing that, a text to match. */
export interface ChoiceQuery {
  from: Position | null;
  search: string;
}

/** The text of ?search (or the older ?postcode), trimmed and capped. */
const searchOf = (query: Record<string, unknown>): string => {
  const raw = query.search ?? query.postcode;
  return typeof raw === 'string' ? raw.trim().slice(0, 60) : '';
};

/** Reads ?lat&lng (both valid) or ?search into a position (a known postcode) or a text to match. */
export async function choiceQueryOf(db: Kysely<Database>, query: Record<string, unknown>): Promise<ChoiceQuery> {
  const lat = Number(query.lat);
  const lng = Number(query.lng);
  if (query.lat !== undefined && query.lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return { from: { lat, lng }, search: '' };
  const search = searchOf(query);
  const from = search ? await postcodeCentre(db, search) : null;
  return { from, search: from ? '' : search };
}

/** The centre of the locations sharing this postcode, or null when none has it. */
async function postcodeCentre(db: Kysely<Database>, text: string): Promise<Position | null> {
  const postcode = text.toUpperCase().slice(0, 20);
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

/** Lower case without accents, so "eleuthera" finds "Eleuthera" and "espana" finds "España". */
const folded = (text: string | null | undefined) => (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether the point's name, town or postcode contains the searched text. */
export function matchesSearch(l: Pick<Location, 'name' | 'address_locality' | 'address_postcode'>, search: string): boolean {
  const term = folded(search);
  return [l.name, l.address_locality, l.address_postcode].some((field) => folded(field).includes(term));
}

export async function listChoices(db: Kysely<Database>, merchantId: number, classes: readonly string[], { from, search }: ChoiceQuery, limit = 100): Promise<Choice[]> {
  const rows = await allowed(db, merchantId, classes).orderBy('name').orderBy('id').limit(2000).execute();
  const choices = (search ? rows.filter((l) => matchesSearch(l, search)) : rows).map((l) => present(l, from));
  if (from) choices.sort((a, b) => (a.distance_km ?? Infinity) - (b.distance_km ?? Infinity) || a.id - b.id);
  return choices.slice(0, limit);
}

/** The location if the customer may choose it, else undefined. */
export function findChoice(db: Kysely<Database>, merchantId: number, classes: readonly string[], id: number): Promise<Location | undefined> {
  return allowed(db, merchantId, classes).where('id', '=', id).executeTakeFirst();
}
