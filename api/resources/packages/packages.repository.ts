/** Packages: list spec with the tenant rules of merchants, store staff and drivers. */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { DRIVER_WORK_STATUSES, packageScope } from '../../../core/policies/packages.policy.js';
import { AWAITING_CUSTOMER_STATUSES } from '../../../core/machines/package.machine.js';
import type { Database } from '../../db/tables.js';
import type { RequestActor } from '../../http/context.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { byMerchant, nothing } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';

/**
 * The driver's packages, for lists, records and operations alike: the ones they carry, plus core's DRIVER_WORK_STATUSES and
 * ready packages rerouted away from where they sit, only at the driver's locations when they have any.
 * Not: other packages ready to collect, dropped off, in transit with someone else, collected or cancelled.
 */
export function driverPackages(eb: ExpressionBuilder<Database, 'packages'>, actor: Pick<RequestActor, 'id' | 'location_ids'>): Expression<SqlBool> {
  const mine = actor.location_ids ?? [];
  const atMyLocations = mine.length ? eb.or([eb('packages.location_id', 'is', null), eb('packages.location_id', 'in', mine)]) : eb.lit(true);
  const waiting = eb.or([
    eb('packages.status', 'in', DRIVER_WORK_STATUSES),
    eb.and([eb('packages.status', 'in', AWAITING_CUSTOMER_STATUSES), eb('packages.dropoff_location_id', '!=', eb.ref('packages.location_id'))]),
  ]);
  return eb.or([eb('packages.driver_id', '=', actor.id), eb.and([waiting, atMyLocations])]);
}

/**
 * The store staff's packages (PUDO, warehouse), for lists, records and operations alike: at or heading to
 * their locations, plus what their role may check in wherever it is headed (core: the warehouse takes any
 * package in transit), so the package a scan finds is also the package its card reads.
 */
export function storePackages(eb: ExpressionBuilder<Database, 'packages'>, actor: Pick<RequestActor, 'role' | 'merchant_id' | 'location_ids'>): Expression<SqlBool> {
  const mine = actor.location_ids?.length ? actor.location_ids : [-1];
  const scope = packageScope(actor);
  const anywhere = scope.kind === 'locations' ? scope.alsoStatuses : [];
  return eb.or([
    eb('packages.location_id', 'in', mine),
    eb('packages.dropoff_location_id', 'in', mine),
    ...(anywhere.length ? [eb('packages.status', 'in', anywhere)] : []),
  ]);
}

/** The status of a listed package's shipment, read by the list's decorate for packageVerdicts (no second read). */
export const listedShipmentStatus = new WeakMap<Row, number>();

export const packagesList: ListSpec<Row> = {
  resource: 'packages',
  table: 'packages',
  columns: [
    'barcode', 'size', 'status', 'description', 'shipment_id', 'merchant_id', 'location_id', 'dropoff_location_id',
    'driver_id', 'manifest_id', 'consolidated_to_id', 'locker_number', 'available_at', 'expires_at', 'is_rerouted',
    'is_consolidated', 'is_consolidation', 'missing', 'is_unpaid', 'created_at', 'updated_at',
  ],
  light: { columns: ['barcode'], name: (r) => r.barcode },
  searchPrefix: ['barcode'],
  sorts: LIST_SORTS.packages,
  seekable: ['id', 'barcode', 'status', 'updated_at'],
  sortsIndexed: true,
  defaultSort: 'id',
  filters: {
    status: 'int', shipment_id: 'int', merchant_id: 'int', size: 'text', location_id: 'int', dropoff_location_id: 'int',
    driver_id: 'int', manifest_id: 'int', consolidated_to_id: 'int', is_rerouted: 'bool', is_consolidated: 'bool',
    is_consolidation: 'bool', missing: 'bool', is_unpaid: 'bool',
  },
  restrict: byMerchant('packages', (qb, actor) => {
    const scope = packageScope(actor).kind;
    if (scope === 'locations') return qb.where((eb: ExpressionBuilder<Database, 'packages'>) => storePackages(eb, actor));
    if (scope === 'driver') return qb.where((eb: ExpressionBuilder<Database, 'packages'>) => driverPackages(eb, actor));
    return nothing(qb);
  }),
  pageExtras: {
    shipment_reference_id: sql`(select reference_id from shipments where shipments.id = packages.shipment_id)`,
    shipment_status: sql`(select status from shipments where shipments.id = packages.shipment_id)`,
  },
  async decorate(rows, db) {
    await attachNames(db, rows, 'dropoff_location_id', 'locations', 'dropoff_location_name');
    await attachNames(db, rows, 'location_id', 'locations', 'location_name');
    // PostgreSQL read the page's shipments with the page (pageExtras); the status is kept for the verdicts, not shown.
    if (rows.length && rows[0].shipment_status !== undefined) {
      for (const row of rows) {
        listedShipmentStatus.set(row, row.shipment_status ?? Number.NaN);
        row.shipment_status = undefined;
      }
      return;
    }
    // One read of the page's shipments gives the reference shown and the status the verdicts need (packageVerdicts).
    const ids = [...new Set(rows.map((r) => r.shipment_id).filter((id): id is number => typeof id === 'number'))];
    const shipments = ids.length ? await db.selectFrom('shipments').select(['id', 'reference_id', 'status']).where('id', 'in', ids).execute() : [];
    const byId = new Map(shipments.map((s) => [s.id, s]));
    for (const row of rows) {
      const shipment = row.shipment_id == null ? undefined : byId.get(row.shipment_id);
      row.shipment_reference_id = shipment?.reference_id ?? null;
      listedShipmentStatus.set(row, shipment?.status ?? Number.NaN);
    }
  },
};
