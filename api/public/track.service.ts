/**
 * Public tracking data for one shipment reference: the timeline (status and time of the SPEC timeline
 * statuses the shipment passed), its current status, where it is now and where it goes, and when it
 * expires, in the recipient's language. Nothing personal beyond the recipient's first name: no surname,
 * address, e-mail or phone.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE } from '../../core/constants.js';
import { DomainError } from '../../core/errors.js';
import { isLocale } from '../../core/i18n/index.js';
import { TIMELINE_STATUSES } from '../../core/statuses.js';
import type { Database } from '../db/tables.js';
import { publicBrand } from './respond.service.js';

const STORED_AT = [60, 70, 80, 90, -40, -45];

export async function trackShipment(db: Kysely<Database>, reference: string) {
  const ref = reference.trim().toUpperCase();
  if (!ref || ref.length > 40) throw new DomainError('not_found');
  const shipment = await db.selectFrom('shipments').select(['id', 'reference_id', 'status', 'first_name', 'locale', 'merchant_id', 'dropoff_location_id']).where('reference_id', '=', ref).executeTakeFirst();
  if (!shipment) throw new DomainError('not_found');
  const [merchant, events, packages] = await Promise.all([
    db.selectFrom('merchants').select(['name', 'features', 'branding']).where('id', '=', shipment.merchant_id).executeTakeFirstOrThrow(),
    db.selectFrom('events').select(['to_status', 'created_at']).where('subject_type', '=', 'shipment').where('subject_id', '=', shipment.id).where('kind', '=', 'status').orderBy('id').execute(),
    db.selectFrom('packages').select(['status', 'location_id', 'expires_at']).where('shipment_id', '=', shipment.id).execute(),
  ]);
  const timeline = events
    .filter((e) => e.to_status !== null && (TIMELINE_STATUSES as readonly number[]).includes(e.to_status))
    .map((e) => ({ status: e.to_status!, at: e.created_at }));
  const here = packages.find((p) => p.location_id != null && STORED_AT.includes(p.status));
  const locationIds = [here?.location_id, shipment.dropoff_location_id].filter((id): id is number => id != null);
  const names = new Map(
    locationIds.length ? (await db.selectFrom('locations').select(['id', 'name', 'class', 'hours']).where('id', 'in', locationIds).execute()).map((l) => [l.id, l]) : [],
  );
  const expiries = packages.map((p) => p.expires_at).filter((e): e is string => Boolean(e)).sort();
  const pick = (id: number | null | undefined) => {
    const l = id == null ? undefined : names.get(id);
    return l ? { name: l.name, class: l.class, hours: l.hours } : null;
  };
  return {
    reference: shipment.reference_id,
    status: shipment.status,
    first_name: shipment.first_name,
    /** The recipient's language: the page opens in it. */
    locale: isLocale(shipment.locale) ? shipment.locale : DEFAULT_LOCALE,
    merchant: publicBrand(merchant),
    timeline,
    current_location: pick(here?.location_id),
    destination: pick(shipment.dropoff_location_id),
    expires_at: expiries[0] ?? null,
  };
}
