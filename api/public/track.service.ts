/**
 * Public tracking data for one shipment reference: the timeline (customer state and time of the SPEC
 * timeline statuses the shipment passed), its customer-facing state (core/tracking.ts), each package's
 * state and place, where it is now and where it goes, and when it
 * expires, in the recipient's language. Nothing personal beyond the recipient's first name: no surname,
 * address, e-mail or phone.
 */
import type { Kysely } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { localeOr } from '../../core/i18n/index.js';
import { AT_LOCATION_STATUSES } from '../../core/statuses.js';
import { TIMELINE_STEPS } from '../../core/machines/shipment.machine.js';
import { customerState, customerTimeline, shipmentCustomerState } from '../../core/tracking.js';
import type { Database } from '../db/tables.js';
import { publicBrand } from './respond.service.js';

/** A place as the customer sees it: name, class (locker / PUDO), opening hours and street. */
type Place = { name: string; class: string; hours: string | null; address: string | null };

export async function trackShipment(db: Kysely<Database>, reference: string) {
  const ref = reference.trim().toUpperCase();
  if (!ref || ref.length > 40) throw new DomainError('not_found');
  const shipment = await db.selectFrom('shipments').select(['id', 'reference_id', 'status', 'first_name', 'locale', 'merchant_id', 'dropoff_location_id']).where('reference_id', '=', ref).executeTakeFirst();
  if (!shipment) throw new DomainError('not_found');
  const [merchant, events, packages] = await Promise.all([
    db.selectFrom('merchants').select(['name', 'features', 'branding']).where('id', '=', shipment.merchant_id).executeTakeFirstOrThrow(),
    db.selectFrom('events').select(['to_status', 'created_at']).where('subject_type', '=', 'shipment').where('subject_id', '=', shipment.id).where('kind', '=', 'status').orderBy('id').execute(),
    db.selectFrom('packages').select(['status', 'location_id', 'dropoff_location_id', 'is_rerouted', 'expires_at']).where('shipment_id', '=', shipment.id).orderBy('id').execute(),
  ]);
  const timeline = customerTimeline(
    events.filter((e) => e.to_status !== null && TIMELINE_STEPS.includes(e.to_status)).map((e) => ({ status: e.to_status!, at: e.created_at })),
  );
  // Each package: where it sits now (only while at a location) and where it goes (its own drop-off after a reroute).
  const tracked = packages.map((p) => {
    const at = AT_LOCATION_STATUSES.includes(p.status) ? p.location_id : null;
    const to = p.dropoff_location_id ?? shipment.dropoff_location_id;
    return { state: customerState(p.status, at != null && to != null && at !== to), at, to, rerouted: p.is_rerouted === 1, expires_at: p.expires_at };
  });
  const locationIds = [...new Set([shipment.dropoff_location_id, ...tracked.flatMap((p) => [p.at, p.to])].filter((id): id is number => id != null))];
  const places = new Map<number, Place>(
    locationIds.length
      ? (await db.selectFrom('locations').select(['id', 'name', 'class', 'hours', 'address_street', 'address_house_number', 'address_locality']).where('id', 'in', locationIds).execute()).map((l) => [
          l.id,
          { name: l.name, class: l.class, hours: l.hours, address: [[l.address_street, l.address_house_number].filter(Boolean).join(' '), l.address_locality].filter(Boolean).join(', ') || null },
        ])
      : [],
  );
  const place = (id: number | null | undefined) => (id == null ? null : (places.get(id) ?? null));
  const expiries = packages.map((p) => p.expires_at).filter((e): e is string => Boolean(e)).sort();
  const first = tracked.find((p) => p.at != null);
  return {
    reference: shipment.reference_id,
    status: shipment.status,
    /** The customer-facing state (core/tracking.ts), summarised over the packages. */
    state: shipmentCustomerState(tracked.map((p) => p.state), shipment.status),
    first_name: shipment.first_name,
    /** The recipient's language: the page opens in it. */
    locale: localeOr(shipment.locale),
    merchant: publicBrand(merchant),
    timeline: timeline.map(({ state, at }) => ({ state, at })),
    current_location: place(first?.at),
    destination: place(tracked[0]?.to ?? shipment.dropoff_location_id),
    expires_at: expiries[0] ?? null,
    /** Each package's own state and place, numbered 1..n in creation order. */
    packages: tracked.map((p, i) => ({
      number: i + 1,
      state: p.state,
      location: place(p.at),
      destination: place(p.to),
      rerouted: p.rerouted,
      expires_at: p.expires_at,
    })),
  };
}
