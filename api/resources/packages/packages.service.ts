/**
 * Packages as a resource (nested under shipments in the admin): created, edited and deleted only while
 * their shipment is a draft; every change writes an event and keeps the shipment's package_count.
 */
import type { Kysely } from 'kysely';
import { DomainError } from '../../../core/errors.js';
import { canSeeIdentificationImage } from '../../../core/permissions.js';
import { shipmentPackageRefusal } from '../../../core/policies/shipments.policy.js';
import type { Database } from '../../db/tables.js';
import type { RequestActor } from '../../http/context.js';
import { listEvents, recordEvent } from '../../events/events.repository.js';
import type { ServiceContext } from '../access.js';
import { loadVisible } from '../records.js';
import { verdictsFor, type Row } from '../module.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { fieldError, schemas, validateOrThrow } from '../validate.js';
import { findLocation } from '../locations/locations.repository.js';
import { lockerFullVerdict } from '../../lockers/report-full.verdicts.js';
import { refreshPackageCount } from '../shipments/shipments.repository.js';
import { shipmentsModule } from '../shipments/shipments.module.js';
import { assignBarcodes, checkOversized, itemValues } from './package-items.js';
import { listedShipmentStatus } from './packages.repository.js';

async function shipmentStatuses(db: Kysely<Database>, rows: Row[]): Promise<Map<number, number>> {
  // A list page's rows carry them already (packagesList.decorate).
  if (rows.every((r) => listedShipmentStatus.has(r))) return new Map(rows.map((r) => [r.shipment_id as number, listedShipmentStatus.get(r)!]));
  const ids = [...new Set(rows.map((r) => r.shipment_id as number))];
  if (!ids.length) return new Map();
  const found = await db.selectFrom('shipments').select(['id', 'status']).where('id', 'in', ids).execute();
  return new Map(found.map((s) => [s.id, s.status]));
}

export async function packageVerdicts(rows: Row[], actor: RequestActor, db: Kysely<Database>) {
  const [statuses, reportFull] = await Promise.all([shipmentStatuses(db, rows), lockerFullVerdict(db, rows, actor)]);
  return verdictsFor(rows, actor, 'packages', (row) => {
    const shipment = { status: statuses.get(row.shipment_id) ?? Number.NaN };
    return { edit: shipmentPackageRefusal('edit', shipment), delete: shipmentPackageRefusal('delete', shipment), 'report-locker-full': reportFull(row) };
  });
}

const draftOnly = (status: number | undefined) => {
  const refusal = shipmentPackageRefusal('edit', { status: status ?? Number.NaN });
  if (refusal) throw new DomainError(refusal);
};

export async function createPackage(ctx: ServiceContext, body: Row): Promise<{ id: number }> {
  const values: Row = { shipment_id: body.shipment_id, ...itemValues(body) };
  validateOrThrow(schemas.packages.create, values);
  // The parent must be a shipment this actor may see (tenant rules of shipments), else the field is invalid.
  const [shipment] = await loadVisible(ctx.db, shipmentsModule, ctx.actor, [Number(values.shipment_id)]);
  if (!shipment) fieldError('shipment_id', 'validation.exists');
  draftOnly(shipment.status);
  checkOversized([values.size as string], shipment.dropoff_location_id ? await findLocation(ctx.db, shipment.dropoff_location_id) : null);
  return ctx.db.transaction().execute(async (trx) => {
    const [item] = await assignBarcodes(trx, [values], [], () => 'barcode');
    const { id } = await trx
      .insertInto('packages')
      .values({
        barcode: item.barcode,
        size: item.size,
        description: item.description,
        shipment_id: shipment.id,
        merchant_id: shipment.merchant_id,
        dropoff_location_id: shipment.dropoff_location_id,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshPackageCount(trx, shipment.id);
    await trx.updateTable('shipments').set({ updated_at: ctx.now }).where('id', '=', shipment.id).execute();
    await recordEvent(trx, { subject_type: 'package', subject_id: id, kind: 'created', to_status: 0, actor_id: ctx.actor.id, created_at: ctx.now });
    return { id };
  });
}

export async function updatePackage(ctx: ServiceContext, row: Row, body: Row): Promise<void> {
  const values = itemValues({ size: row.size, description: row.description, barcode: row.barcode, ...body });
  validateOrThrow(schemas.packages.update, values);
  const shipment = await ctx.db.selectFrom('shipments').select(['id', 'dropoff_location_id']).where('id', '=', row.shipment_id).executeTakeFirstOrThrow();
  checkOversized([values.size as string], shipment.dropoff_location_id ? await findLocation(ctx.db, shipment.dropoff_location_id) : null);
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await trx.selectFrom('packages').select('updated_at').where('id', '=', row.id).executeTakeFirst();
    if (fresh?.updated_at !== row.updated_at) throw new DomainError('conflict.stale');
    const [item] = await assignBarcodes(trx, [values], [row.id], () => 'barcode');
    await trx.updateTable('packages').set({ size: item.size, description: item.description, barcode: item.barcode, updated_at: ctx.now }).where('id', '=', row.id).execute();
    await recordEvent(trx, { subject_type: 'package', subject_id: row.id, kind: 'updated', from_status: row.status, to_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function deletePackage(ctx: ServiceContext, row: Row): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'packages', row.id, ctx.actor);
    await trx.deleteFrom('package_images').where('package_id', '=', row.id).execute();
    await trx.deleteFrom('packages').where('id', '=', row.id).execute();
    await refreshPackageCount(trx, row.shipment_id);
    await recordEvent(trx, { subject_type: 'package', subject_id: row.id, kind: 'deleted', from_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

/**
 * Show view: shipment summary, location and driver names, consolidations, the package's events and, for the
 * roles that may see it, whether an identification image exists (the admin fetches it only then).
 */
export async function packageIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'location_id', 'locations', 'location_name');
  await attachNames(ctx.db, [r], 'dropoff_location_id', 'locations', 'dropoff_location_name');
  await attachNames(ctx.db, [r], 'driver_id', 'users', 'driver_name', ['first_name', 'last_name'], (u) => `${u.first_name} ${u.last_name}`);
  const [shipment, consolidations, consolidatedTo, events, image] = await Promise.all([
    ctx.db.selectFrom('shipments').select(['id', 'reference_id', 'external_reference_id', 'status', 'first_name', 'last_name']).where('id', '=', row.shipment_id).executeTakeFirst(),
    // shipment_id: a consolidation may join packages of different shipments; the admin links each under its own.
    ctx.db.selectFrom('packages').select(['id', 'barcode', 'status', 'size', 'shipment_id']).where('consolidated_to_id', '=', row.id).orderBy('id').execute(),
    row.consolidated_to_id ? ctx.db.selectFrom('packages').select(['id', 'barcode', 'status', 'shipment_id']).where('id', '=', row.consolidated_to_id).executeTakeFirst() : undefined,
    listEvents(ctx.db, 'package', [row.id]),
    canSeeIdentificationImage(ctx.actor.role) ? ctx.db.selectFrom('package_images').select('package_id').where('package_id', '=', row.id).executeTakeFirst() : undefined,
  ]);
  return {
    location_name: r.location_name,
    dropoff_location_name: r.dropoff_location_name,
    driver_name: r.driver_name,
    shipment: shipment ?? null,
    consolidations,
    consolidated_to: consolidatedTo ?? null,
    events,
    ...(canSeeIdentificationImage(ctx.actor.role) ? { has_identification_image: image !== undefined } : {}),
  };
}
