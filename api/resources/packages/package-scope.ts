/**
 * Which packages an actor may operate on (load by id or barcode; anything else answers 404, so a
 * foreign id is never confirmed). Wider than the list view for scanning roles, narrower than nothing:
 * - superadmin, support: all; merchant roles: their merchant's packages;
 * - store staff (storePackages, the same rule as their package list and records): packages at or heading to
 *   their locations; the warehouse also packages in transit (any driver may bring one in);
 * - drivers: the rule their package list uses (driverPackages: what they carry, pickups, expired packages
 *   to make retrievable, packages rerouted away; only at their locations when they have any).
 * The state machine then decides what each may do (e.g. a PUDO checks in only at its own location).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { DomainError } from '../../../core/errors.js';
import { normalizeCode } from '../../../core/identifiers.js';
import { scanConflict, scanReason } from '../../../core/machines/scan-reasons.js';
import { packageScope } from '../../../core/policies/packages.policy.js';
import type { Database, Package } from '../../db/tables.js';
import type { RequestActor } from '../../http/context.js';
import { driverPackages, storePackages } from './packages.repository.js';
import type { Executor } from '../shared/op-context.js';

type PackageQuery = SelectQueryBuilder<Database, 'packages', Package>;

export function scopePackages(qb: PackageQuery, actor: RequestActor | null): PackageQuery {
  const scope = actor ? packageScope(actor) : ({ kind: 'all' } as const);
  if (scope.kind === 'all') return qb;
  if (scope.kind === 'merchant') return scope.merchant_id == null ? qb.where(sql<boolean>`1 = 0`) : qb.where('packages.merchant_id', '=', scope.merchant_id);
  if (scope.kind === 'locations') return qb.where((eb) => storePackages(eb, actor!));
  if (scope.kind === 'driver') return qb.where((eb) => driverPackages(eb, actor!));
  return qb.where(sql<boolean>`1 = 0`);
}

export async function findPackageInScope(db: Executor, actor: RequestActor | null, id: number): Promise<Package | undefined> {
  if (!Number.isInteger(id) || id < 1) return undefined;
  return scopePackages(db.selectFrom('packages').selectAll('packages').where('packages.id', '=', id), actor).executeTakeFirst();
}

export async function loadPackage(db: Executor, actor: RequestActor | null, id: number): Promise<Package> {
  const pkg = await findPackageInScope(db, actor, id);
  if (!pkg) throw new DomainError('not_found');
  return pkg;
}

/** Scan resolution: the package with this barcode (normalised to upper case) that the actor may operate on. */
export async function findByBarcode(db: Executor, actor: RequestActor | null, barcode: string): Promise<Package | undefined> {
  const code = normalizeCode(barcode);
  if (!code) return undefined;
  return scopePackages(db.selectFrom('packages').selectAll('packages').where('packages.barcode', '=', code), actor).executeTakeFirst();
}

/** `action`: the scan's verb when known (offline sync), so a lost pickup race is told as such (core scanConflict). */
export async function loadByBarcode(db: Executor, actor: RequestActor | null, barcode: unknown, action?: string): Promise<Package> {
  const pkg = typeof barcode === 'string' ? await findByBarcode(db, actor, barcode) : undefined;
  if (!pkg) throw await notFoundByBarcode(db, actor, barcode, action);
  return pkg;
}

/**
 * The refusal for a barcode outside the actor's scope: for the scanning roles, when the package exists, why
 * it is not theirs to act on here (core scanReason, naming a location); otherwise "could not find".
 */
async function notFoundByBarcode(db: Executor, actor: RequestActor | null, barcode: unknown, action?: string): Promise<DomainError> {
  const code = typeof barcode === 'string' ? normalizeCode(barcode) : '';
  const pkg = code && actor ? await db.selectFrom('packages').select(['status', 'location_id', 'dropoff_location_id', 'driver_id']).where('barcode', '=', code).executeTakeFirst() : undefined;
  const conflict = pkg && action ? scanConflict(pkg, action, actor!) : null;
  if (conflict) return new DomainError(conflict);
  const reason = pkg ? scanReason(pkg, actor!.role) : null;
  if (!reason) return new DomainError('package.not_found_by_barcode');
  const locationId = reason.names ? pkg![reason.names] : null;
  const location = locationId == null ? undefined : await db.selectFrom('locations').select('name').where('id', '=', locationId).executeTakeFirst();
  return new DomainError(reason.code, undefined, { params: { location: location?.name ?? '—' } });
}
