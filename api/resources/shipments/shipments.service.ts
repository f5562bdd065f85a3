/**
 * Shipment use-cases: create/update with inline packages, delete, per-record verdicts and the show view.
 * Rules: update only below status 20, delete only in status 0 (DESIGN.md section 4); packages change only
 * in draft; the drop-off location must exist, be active, be a drop-off location and not a warehouse; oversized needs PUDO.
 */
import { DomainError } from '../../../core/errors.js';
import { generateBarcode, generateReference, normalizeCode } from '../../../core/identifiers.js';
import { normalizeCountry } from '../../../core/validation.js';
import { toE164 } from '../../../core/phone.js';
import { shipmentDefaults } from '../../../core/schemas/index.js';
import { isDraftShipment, shipmentRecordRefusal } from '../../../core/policies/shipments.policy.js';
import { SHIPMENT_STATUS } from '../../../core/statuses.js';
import type { RequestActor } from '../../http/context.js';
import { listEvents, recordEvents, type NewEvent } from '../../events/events.repository.js';
import type { Db, ServiceContext } from '../access.js';
import { verdictsFor, type Row } from '../module.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { owningMerchant } from '../owner.js';
import { fieldError, pick, schemas, validateOrThrow } from '../validate.js';
import { findLocation } from '../locations/locations.repository.js';
import { checkContents } from '../content-types.js';
import { checkLockerRoom } from '../../lockers/availability.js';
import { assignBarcodes, checkCustomerDropoff, checkLockerPhone, checkOversized, itemValues, type PackageItem } from '../packages/package-items.js';
import { listedInBatch, packagesOf, refreshPackageCount, takenBarcodes } from './shipments.repository.js';
import { insertRows } from '../../db/bulk-insert.js';

const FIELDS = [
  'external_reference_id', 'type', 'payment_type', 'first_name', 'last_name', 'email', 'phone', 'country', 'locale',
  'dropoff_location_id', 'pickup_location_id', 'contents',
] as const;


/** Draft shipments a batch item was converted into stay (deleteShipment refuses them: record.in_use). */
async function shipmentsInBatches(db: Db, rows: Row[]): Promise<Set<number>> {
  const drafts = rows.filter((r) => isDraftShipment(r as { status: number }));
  // A list page on PostgreSQL read the answer with its rows (shipmentsList.pageExtras).
  if (drafts.every((r) => listedInBatch.has(r))) return new Set(drafts.filter((r) => listedInBatch.get(r)).map((r) => r.id as number));
  const ids = drafts.map((r) => r.id as number);
  const used = await db.selectFrom('batch_items').select('shipment_id').where('shipment_id', 'in', ids).execute();
  return new Set(used.map((u) => Number(u.shipment_id)));
}

export async function shipmentVerdicts(rows: Row[], actor: RequestActor, db: Db) {
  const inBatches = await shipmentsInBatches(db, rows);
  return verdictsFor(rows, actor, 'shipments', (row) => ({
    edit: shipmentRecordRefusal('edit', row as { status: number }),
    delete: shipmentRecordRefusal('delete', row as { status: number }) ?? (inBatches.has(row.id as number) ? 'record.in_use' : null),
  }));
}

/** Checks the locations of a (merged) shipment and the package sizes against the drop-off. */
async function checkLocations(db: Db, values: Row, merchantId: number, sizes: string[], heldAt?: unknown) {
  const dropoff = await findLocation(db, Number(values.dropoff_location_id));
  if (!dropoff || dropoff.active !== 1 || dropoff.type !== 'dropoff') fieldError('dropoff_location_id', 'validation.exists');
  checkCustomerDropoff('dropoff_location_id', dropoff);
  checkOversized(sizes, dropoff);
  checkLockerPhone(values.phone, dropoff);
  // A locker with no door for a package is not offered (issue 13); a shipment already holding its doors there keeps them.
  if (dropoff.id !== heldAt) await checkLockerRoom(db, 'dropoff_location_id', dropoff, sizes);
  if (values.pickup_location_id != null) {
    const pickup = await findLocation(db, Number(values.pickup_location_id));
    if (!pickup || pickup.active !== 1 || (pickup.merchant_id != null && pickup.merchant_id !== merchantId)) fieldError('pickup_location_id', 'validation.exists');
  }
}

function shipmentValues(body: Row, base: Row): Row {
  const values: Row = { ...base, ...pick(body, FIELDS) };
  values.country = normalizeCountry(values.country); // SPEC: an unknown country falls back to BS
  if (values.phone !== undefined) values.phone = toE164(values.phone, values.country); // stored E.164 (core/phone.ts)
  if (values.email != null) values.email = String(values.email).toLowerCase();
  for (const key of ['dropoff_location_id', 'pickup_location_id'] as const) if (values[key] != null && values[key] !== '') values[key] = Number(values[key]);
  return values;
}

function packageRows(items: PackageItem[], shipment: { id: number; merchant_id: number; dropoff_location_id: number }, now: string) {
  return items.map((p) => ({
    barcode: p.barcode,
    size: p.size,
    description: p.description,
    shipment_id: shipment.id,
    merchant_id: shipment.merchant_id,
    dropoff_location_id: shipment.dropoff_location_id,
    created_at: now,
    updated_at: now,
  }));
}

const event = (ctx: ServiceContext, subject_type: 'shipment' | 'package', subject_id: number, kind: string, extra: Partial<NewEvent> = {}): NewEvent => ({
  subject_type,
  subject_id,
  kind,
  actor_id: ctx.actor.id,
  created_at: ctx.now,
  ...extra,
});

/** A create body's shipment values with the defaults applied and normalised (country, e-mail, location ids). */
export function newShipmentValues(body: Row): Row {
  const defaults = shipmentDefaults();
  return shipmentValues(body, { type: defaults.type, payment_type: defaults.payment_type, locale: defaults.locale, country: defaults.country });
}

export async function createShipment(ctx: ServiceContext, body: Row): Promise<{ id: number }> {
  const merchantId = (await owningMerchant(ctx, body)) as number;
  const values = newShipmentValues(body);
  const rawItems = Array.isArray(body.packages) ? body.packages.map(itemValues) : [];
  validateOrThrow(schemas.shipments.create, { ...values, packages: rawItems }, { nested: schemas.shipments.nested });
  await checkLocations(ctx.db, values, merchantId, rawItems.map((p) => p.size as string));
  await checkContents(ctx.db, values, merchantId);

  return ctx.db.transaction().execute(async (trx) => {
    const items = await assignBarcodes(trx, rawItems, [], (i) => `packages.${i}.barcode`);
    const [id] = await insertShipments(ctx, trx, [{ merchantId, values, items }]);
    return { id };
  });
}

/** A checked shipment ready to be stored: normalised values and packages with their barcodes. */
export interface NewShipment {
  merchantId: number;
  values: Row;
  items: PackageItem[];
}

// Multi-row inserts stay well under SQLite's 32,766 and PostgreSQL's 65,535 bind parameters.
const SHIPMENT_CHUNK = 500;
const PACKAGE_CHUNK = 1000;
const SHIPMENT_COLUMNS = [...FIELDS, 'reference_id', 'merchant_id', 'created_by', 'status', 'package_count', 'created_at', 'updated_at'] as const;

/**
 * Stores draft shipments with their packages and 'created' events (one per shipment and package), with
 * multi-row inserts in chunks. Run inside the caller's transaction; returns the ids in input order.
 * Single creates and imports both come through here, so both get the same references and events.
 */
export async function insertShipments(ctx: ServiceContext, trx: Db, list: NewShipment[]): Promise<number[]> {
  const references = await uniqueCodes(list.length, generateReference, async (codes) => {
    const rows = await trx.selectFrom('shipments').select('reference_id').where('reference_id', 'in', codes).execute();
    return new Set(rows.map((r) => r.reference_id));
  });
  const createdBy = ctx.actor.id || null;
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += SHIPMENT_CHUNK) {
    const chunk = list.slice(start, start + SHIPMENT_CHUNK);
    const rows = chunk.map((s, i) => {
      const fixed: Row = { reference_id: references[start + i], merchant_id: s.merchantId, created_by: createdBy, status: SHIPMENT_STATUS.draft, package_count: s.items.length, created_at: ctx.now, updated_at: ctx.now };
      return SHIPMENT_COLUMNS.map((c) => (c in fixed ? fixed[c] : (s.values[c] ?? null)));
    });
    const inserted = await insertRows<{ id: number; reference_id: string }>(trx, 'shipments', SHIPMENT_COLUMNS, rows, ['id', 'reference_id']);
    const byReference = new Map(inserted.map((r) => [r.reference_id, Number(r.id)]));
    const chunkIds = chunk.map((_, i) => byReference.get(references[start + i])!);
    ids.push(...chunkIds);
    await insertEvents(ctx, trx, 'shipment', chunkIds);

    const packages: unknown[][] = [];
    chunk.forEach((s, i) => {
      for (const p of s.items)
        packages.push([p.barcode, p.size, p.description ?? null, chunkIds[i], s.merchantId, s.values.dropoff_location_id ?? null, ctx.now, ctx.now]);
    });
    for (let at = 0; at < packages.length; at += PACKAGE_CHUNK) {
      const packageIds = await insertRows<{ id: number }>(trx, 'packages', PACKAGE_COLUMNS, packages.slice(at, at + PACKAGE_CHUNK), ['id']);
      await insertEvents(ctx, trx, 'package', packageIds.map((p) => Number(p.id)));
    }
  }
  return ids;
}

const PACKAGE_COLUMNS = ['barcode', 'size', 'description', 'shipment_id', 'merchant_id', 'dropoff_location_id', 'created_at', 'updated_at'] as const;
const EVENT_COLUMNS = ['subject_type', 'subject_id', 'kind', 'from_status', 'to_status', 'actor_id', 'created_at'] as const;

/** The 'created' events (to status 0) of new shipments or packages, as recordEvents would write them. */
async function insertEvents(ctx: ServiceContext, trx: Db, subject: 'shipment' | 'package', ids: number[]): Promise<void> {
  for (let at = 0; at < ids.length; at += PACKAGE_CHUNK)
    await insertRows(trx, 'events', EVENT_COLUMNS, ids.slice(at, at + PACKAGE_CHUNK).map((id) => [subject, id, 'created', null, 0, ctx.actor.id, ctx.now]));
}

/** `count` generated codes unused so far: generated in bulk, checked in chunks, collisions regenerated. */
async function uniqueCodes(count: number, generate: () => string, taken: (codes: string[]) => Promise<Set<string>>, reserved = new Set<string>()): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const wanted = count - out.length;
    const fresh = new Set<string>();
    while (fresh.size < wanted) {
      const code = generate();
      if (!reserved.has(code)) fresh.add(code);
    }
    const candidates = [...fresh];
    for (let start = 0; start < candidates.length; start += PACKAGE_CHUNK) {
      const chunk = candidates.slice(start, start + PACKAGE_CHUNK);
      const used = await taken(chunk);
      for (const code of chunk)
        if (!used.has(code)) {
          out.push(code);
          reserved.add(code);
        }
    }
  }
  return out;
}

/**
 * Bulk barcode assignment for imports: supplied barcodes must be unused (else `validation.failed` on
 * `barcode`; the importer reports them per row first, this guards a race), missing ones are generated.
 */
export async function assignImportBarcodes(trx: Db, items: { size: string; description?: string | null; barcode?: string | null }[]): Promise<PackageItem[]> {
  const supplied = items.flatMap((p) => (p.barcode ? [normalizeCode(p.barcode)] : []));
  const reserved = new Set(supplied);
  for (let start = 0; start < supplied.length; start += PACKAGE_CHUNK)
    if ((await takenBarcodes(trx, supplied.slice(start, start + PACKAGE_CHUNK))).size) fieldError('barcode', 'import.errors.barcode_exists');
  const missing = items.filter((p) => !p.barcode).length;
  const generated = await uniqueCodes(missing, generateBarcode, (codes) => takenBarcodes(trx, codes), reserved);
  let next = 0;
  return items.map((p) => ({ size: p.size, description: p.description ?? null, barcode: p.barcode ? normalizeCode(p.barcode) : generated[next++] }));
}

export async function updateShipment(ctx: ServiceContext, row: Row, body: Row): Promise<void> {
  const stored = Object.fromEntries(FIELDS.map((f) => [f, row[f]]));
  const values = shipmentValues(body, stored);
  const replacePackages = Array.isArray(body.packages);
  const locked = replacePackages ? shipmentRecordRefusal('replace-packages', row as { status: number }) : null;
  if (locked) throw new DomainError(locked);
  const current = await packagesOf(ctx.db, row.id);
  const rawItems = replacePackages ? (body.packages as unknown[]).map(itemValues) : current.map((p) => ({ ...p }));
  validateOrThrow(schemas.shipments.update, { ...values, packages: replacePackages ? rawItems : undefined }, { nested: schemas.shipments.nested });
  await checkLocations(ctx.db, values, row.merchant_id, rawItems.map((p) => p.size as string), row.dropoff_location_id);
  if (body.contents !== undefined && values.contents !== row.contents) await checkContents(ctx.db, values, row.merchant_id);

  await ctx.db.transaction().execute(async (trx) => {
    // Re-check the version inside the transaction so two concurrent editors cannot both win.
    const fresh = await trx.selectFrom('shipments').select(['updated_at', 'status']).where('id', '=', row.id).executeTakeFirst();
    if (!fresh || fresh.updated_at !== row.updated_at) throw new DomainError('conflict.stale');
    await trx.updateTable('shipments').set({ ...(values as object), updated_at: ctx.now } as any).where('id', '=', row.id).execute();
    const events: NewEvent[] = [event(ctx, 'shipment', row.id, 'updated', { from_status: row.status, to_status: row.status })];
    if (replacePackages) events.push(...(await syncPackages(ctx, trx, row, values, current, rawItems)));
    else if (values.dropoff_location_id !== row.dropoff_location_id) {
      await trx.updateTable('packages').set({ dropoff_location_id: values.dropoff_location_id as number, updated_at: ctx.now }).where('shipment_id', '=', row.id).execute();
    }
    await recordEvents(trx, events);
  });
}

/** Replaces a draft shipment's packages: items with a known id are updated, others created, the rest deleted. */
async function syncPackages(ctx: ServiceContext, trx: Db, row: Row, values: Row, current: Row[], rawItems: Row[]): Promise<NewEvent[]> {
  const currentIds = new Set(current.map((p) => p.id as number));
  rawItems.forEach((item, i) => {
    if (item.id !== undefined && !currentIds.has(Number(item.id))) fieldError(`packages.${i}.id`, 'validation.exists');
    if (item.id !== undefined) {
      item.id = Number(item.id);
      // An edited package keeps its barcode unless a new one is sent.
      item.barcode ??= current.find((p) => p.id === item.id)?.barcode ?? null;
    }
  });
  const items = await assignBarcodes(trx, rawItems, [...currentIds], (i) => `packages.${i}.barcode`);
  const keep = new Set(items.filter((p) => p.id).map((p) => p.id as number));
  const removed = [...currentIds].filter((id) => !keep.has(id));
  const events: NewEvent[] = [];
  if (removed.length) {
    await trx.deleteFrom('packages').where('id', 'in', removed).execute();
    events.push(...removed.map((id) => event(ctx, 'package', id, 'deleted', { from_status: 0 })));
  }
  const dropoff = values.dropoff_location_id as number;
  for (const item of items.filter((p) => p.id)) {
    await trx
      .updateTable('packages')
      .set({ size: item.size, description: item.description, barcode: item.barcode, dropoff_location_id: dropoff, updated_at: ctx.now })
      .where('id', '=', item.id as number)
      .execute();
    events.push(event(ctx, 'package', item.id as number, 'updated', { from_status: 0, to_status: 0 }));
  }
  const fresh = items.filter((p) => !p.id);
  if (fresh.length) {
    const ids = await trx.insertInto('packages').values(packageRows(fresh, { id: row.id, merchant_id: row.merchant_id, dropoff_location_id: dropoff }, ctx.now)).returning('id').execute();
    events.push(...ids.map((p) => event(ctx, 'package', p.id, 'created', { to_status: 0 })));
  }
  await refreshPackageCount(trx, row.id);
  return events;
}

export async function deleteShipment(ctx: ServiceContext, row: Row): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'shipments', row.id, ctx.actor);
    const packages = await trx.selectFrom('packages').select(['id', 'status']).where('shipment_id', '=', row.id).execute();
    await trx.deleteFrom('packages').where('shipment_id', '=', row.id).execute();
    await trx.deleteFrom('shipments').where('id', '=', row.id).execute();
    await recordEvents(trx, [
      ...packages.map((p) => event(ctx, 'package', p.id, 'deleted', { from_status: p.status })),
      event(ctx, 'shipment', row.id, 'deleted', { from_status: row.status }),
    ]);
  });
}

/** Show view: packages, location and merchant names, and the timeline (shipment events). */
export async function shipmentIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const names: Row = { ...row };
  await attachNames(ctx.db, [names], 'merchant_id', 'merchants', 'merchant_name');
  await attachNames(ctx.db, [names], 'dropoff_location_id', 'locations', 'dropoff_location_name');
  await attachNames(ctx.db, [names], 'pickup_location_id', 'locations', 'pickup_location_name');
  const [packages, events] = await Promise.all([packagesOf(ctx.db, row.id), listEvents(ctx.db, 'shipment', [row.id])]);
  return {
    merchant_name: names.merchant_name,
    dropoff_location_name: names.dropoff_location_name,
    pickup_location_name: names.pickup_location_name,
    packages,
    events,
  };
}
