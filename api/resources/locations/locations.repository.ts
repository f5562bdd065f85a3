/** Locations: list spec (tenant and drop-off/pickup scope) and lookups used by other resources. */
import { sql } from 'kysely';
import { locationScope } from '../../../core/policies/locations.policy.js';
import type { Location } from '../../db/tables.js';
import type { Db } from '../access.js';
import type { AnyQuery, ListQuery, ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import type { RequestActor } from '../../http/context.js';
import { attachNames } from '../related.js';
import { nothing, userLocationIds } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const LOCATION_WRITABLE = [
  'name', 'code', 'type', 'class', 'locker_service', 'merchant_id', 'active', 'approved', 'hours', 'zone', 'route',
  'timezone', 'latitude', 'longitude', 'what3words', 'image', 'secure_access_key', 'storage_days',
  'storage_unit', 'storage_reminder_hours', 'storage_extensions_max', 'storage_extension_hours', 'storage_extension_after_hours', 'storage_end_action',
  'address_company', 'address_description', 'address_street', 'address_house_number', 'address_locality',
  'address_postcode', 'address_state', 'address_country',
] as const;

const activeDropoff = (eb: any) => eb.and([eb('locations.type', '=', 'dropoff'), eb('locations.active', '=', 1)]);

/**
 * Who sees which locations: admins all; merchant admins their merchant's, plus active drop-off locations
 * in selects (light=1) and by id; store staff their own locations (plus active drop-off ones in selects);
 * drivers every active location (they reroute and deposit anywhere).
 */
function restrictLocations(qb: AnyQuery, actor: RequestActor, q: ListQuery): AnyQuery {
  if (!q.recordAccess && q.scope !== 'all') qb = qb.where('locations.type', '=', q.scope);
  const scope = locationScope(actor);
  if (scope === 'all') return qb;
  const widen = q.light || q.recordAccess;
  if (scope === 'merchant') {
    const own = (eb: any) => eb('locations.merchant_id', '=', actor.merchant_id);
    return qb.where((eb: any) => (widen ? eb.or([own(eb), activeDropoff(eb)]) : own(eb)));
  }
  if (scope === 'store') {
    const own = (eb: any) => eb('locations.id', 'in', userLocationIds(actor.id));
    return qb.where((eb: any) => (widen ? eb.or([own(eb), activeDropoff(eb)]) : own(eb)));
  }
  if (scope === 'active') return qb.where('locations.active', '=', 1);
  return nothing(qb);
}

export const locationsList: ListSpec<Row> = {
  resource: 'locations',
  table: 'locations',
  columns: [
    'name', 'code', 'type', 'class', 'locker_service', 'merchant_id', 'active', 'approved', 'zone', 'route',
    'latitude', 'longitude', 'package_count', 'address_street', 'address_house_number', 'address_locality',
    'address_postcode', 'address_country', 'created_at', 'updated_at',
  ],
  // Pickers show the class, town and street with the name (admin LocationOption).
  light: {
    columns: ['name', 'class', 'type', 'address_street', 'address_house_number', 'address_locality'],
    name: (r) => r.name,
    extra: (r) => ({ class: r.class, locality: r.address_locality, street: [r.address_street, r.address_house_number].filter(Boolean).join(' ') || null }),
  },
  searchContains: ['name', 'code', 'address_locality', 'address_street', 'zone'],
  sorts: LIST_SORTS.locations,
  defaultSort: 'id',
  filters: { type: 'text', class: 'text', locker_service: 'text', merchant_id: 'int', active: 'bool', approved: 'bool', zone: 'text' },
  restrict: restrictLocations,
  decorate: (rows, db) => attachNames(db, rows, 'merchant_id', 'merchants', 'merchant_name'),
};

export async function findLocation(db: Db, id: number): Promise<Location | undefined> {
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function codeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('locations').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}
