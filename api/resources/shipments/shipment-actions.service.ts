/**
 * Shipment verbs (SPEC section 7): register, print (registers a draft first), request-pickup,
 * request-location, private-delivery, cancel and process. The shipment machine decides; package moves run
 * through the package machine; one transaction per shipment writes the shipment (compare-and-set on
 * status + updated_at), its packages, events, the derived status and notification requests.
 */
import { DomainError } from '../../../core/errors.js';
import { applyPackageAction, applyShipmentAction, type PackageAction, type ShipmentAction } from '../../../core/machines/index.js';
import { isDraftShipment } from '../../../core/policies/shipments.policy.js';
import { LEFT_SHIPMENT_STATUSES } from '../../../core/policies/packages.policy.js';
import type { Shipment } from '../../db/tables.js';
import { recordEvents, type NewEvent } from '../../events/events.repository.js';
import { lockerService } from '../../providers/locker/index.js';
import { actorFeatures, actorId, machineActor, nextStamp, type Executor, type OpContext } from '../shared/op-context.js';
import { enqueuePackageNotification, moveLocationCounts, placementAfter, syncShipmentStatus, type PlacementMove } from '../shared/effects.js';
import { LostRace, runPackageActionIn } from '../packages/package-actions.service.js';

/** Thrown when the shipment moved between load and write. */
export class ShipmentRace extends Error {}

async function features(db: Executor, merchantId: number) {
  const m = await db.selectFrom('merchants').select('features').where('id', '=', merchantId).executeTakeFirst();
  return m?.features ?? 0;
}

function decide(ctx: OpContext, shipment: Shipment, action: ShipmentAction) {
  const result = applyShipmentAction(shipment, action, { actor: machineActor(ctx.actor), features: actorFeatures(ctx.actor) });
  if (!result.ok) throw new DomainError(result.code);
  return result;
}

/** Compare-and-set on the shipment row; false when someone else changed it first. */
async function casShipment(trx: Executor, shipment: Shipment, set: Partial<Pick<Shipment, 'status' | 'pickup_requested_at'>>, stamp: string) {
  const res = await trx.updateTable('shipments').set({ ...set, updated_at: stamp }).where('id', '=', shipment.id).where('status', '=', shipment.status).where('updated_at', '=', shipment.updated_at).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new ShipmentRace();
}

const shipmentEvent = (ctx: OpContext, shipment: Shipment, kind: string, from: number, to: number, data: Record<string, unknown> = {}): NewEvent => ({
  subject_type: 'shipment', subject_id: shipment.id, kind, from_status: from, to_status: to, actor_id: actorId(ctx), created_at: ctx.now.toISOString(), data,
});

type Place = { name: string; timezone: string | null };

/** A drop-off location's name and time zone (for the customer's message), read once per id. */
async function dropoffOf(db: Executor, id: number | null, cache: Map<number, Place | null>): Promise<Place | null> {
  if (id == null) return null;
  if (!cache.has(id)) cache.set(id, (await db.selectFrom('locations').select(['name', 'timezone']).where('id', '=', id).executeTakeFirst()) ?? null);
  return cache.get(id)!;
}

/**
 * Applies a package action to every package of the shipment it applies to (others are left alone,
 * e.g. cancelled ones). Returns the ids moved.
 */
async function movePackages(ctx: OpContext, trx: Executor, shipment: Shipment, action: PackageAction, shipmentStatus: number): Promise<number[]> {
  const feats = await features(trx, shipment.merchant_id);
  const packages = await trx.selectFrom('packages').selectAll().where('shipment_id', '=', shipment.id).orderBy('id').execute();
  const now = ctx.now.toISOString();
  const events: NewEvent[] = [];
  const moved: number[] = [];
  const placements: PlacementMove[] = [];
  const dropoffs = new Map<number, Place | null>();
  for (const pkg of packages) {
    const t = applyPackageAction(pkg, action, { actor: machineActor(ctx.actor), features: feats, now: ctx.now, shipmentStatus });
    if (!t.ok || t.to === t.from) continue;
    const stamp = nextStamp(ctx.now, pkg.updated_at);
    const res = await trx.updateTable('packages').set({ ...t.patch, updated_at: stamp }).where('id', '=', pkg.id).where('status', '=', pkg.status).where('updated_at', '=', pkg.updated_at).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new ShipmentRace();
    events.push({ subject_type: 'package', subject_id: pkg.id, kind: 'status', from_status: t.from, to_status: t.to, actor_id: actorId(ctx), created_at: now, data: { action } });
    moved.push(pkg.id);
    placements.push({ before: pkg, after: placementAfter(pkg, t.patch) });
    if (t.notification) {
      // The message names the package's drop-off location, as a single package's transition does.
      const location = await dropoffOf(trx, pkg.dropoff_location_id, dropoffs);
      await enqueuePackageNotification(trx, t.notification, { package: { ...pkg, ...t.patch }, shipment, location }, `${action}:${stamp}`, ctx.now);
    }
  }
  await recordEvents(trx, events);
  await moveLocationCounts(trx, placements);
  return moved;
}

async function fresh(db: Executor, id: number): Promise<Shipment> {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Runs `work` in a transaction; a lost race answers with the refusal of the shipment's new state (else 409). */
async function inTransaction<T>(ctx: OpContext, shipment: Shipment, action: ShipmentAction, work: (trx: Executor) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(work);
  } catch (error) {
    if (!(error instanceof ShipmentRace || error instanceof LostRace)) throw error;
    const now = await fresh(ctx.db, shipment.id);
    const again = applyShipmentAction(now, action, { actor: machineActor(ctx.actor) });
    throw new DomainError(again.ok ? 'conflict.stale' : again.code);
  }
}

/** Register: 0/10/15 -> 10 (15 stays); a locker drop-off reserves a compartment per package (locker number on the package). */
export async function registerShipment(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  const t = decide(ctx, shipment, 'register');
  const dropoff = shipment.dropoff_location_id == null ? undefined : await ctx.db.selectFrom('locations').selectAll().where('id', '=', shipment.dropoff_location_id).executeTakeFirst();
  if (!dropoff || dropoff.active !== 1) throw new DomainError('provider.dropoff_not_found');
  const now = ctx.now.toISOString();
  return inTransaction(ctx, shipment, 'register', async (trx) => {
    await casShipment(trx, shipment, { status: t.to }, nextStamp(ctx.now, shipment.updated_at));
    const data: Record<string, unknown> = { action: 'register' };
    if (dropoff.class === 'locker') {
      const packages = await trx.selectFrom('packages').select(['id', 'size']).where('shipment_id', '=', shipment.id).where('status', 'not in', LEFT_SHIPMENT_STATUSES).orderBy('id').execute();
      const allocations = await lockerService().registerShipment(trx, { location_id: dropoff.id, shipment, packages }, now);
      for (const a of allocations) await trx.updateTable('packages').set({ locker_number: a.locker_number }).where('id', '=', a.package_id).execute();
      data.lockers = allocations;
    }
    await recordEvents(trx, [shipmentEvent(ctx, shipment, t.from === t.to ? 'register' : 'status', t.from, t.to, data)]);
    return fresh(trx, shipment.id);
  });
}

/** Print: registers a draft first, then packages 0 -> 20 and the shipment to 20 (re-print keeps the status). */
export async function printShipment(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  let current = shipment;
  if (isDraftShipment(current)) current = await registerShipment(ctx, current);
  const t = decide(ctx, current, 'print');
  return inTransaction(ctx, current, 'print', async (trx) => {
    const stamp = nextStamp(ctx.now, current.updated_at);
    await casShipment(trx, current, {}, stamp);
    const moved = await movePackages(ctx, trx, current, 'print', current.status);
    const status = await syncShipmentStatus(trx, current.id, actorId(ctx), ctx.now.toISOString());
    // A first print moved the status (its event row is written by the sync); a re-print records itself.
    if (status === t.from) await recordEvents(trx, [shipmentEvent(ctx, current, moved.length ? 'print' : 'reprint', t.from, status, { action: 'print', packages: moved.length })]);
    return fresh(trx, current.id);
  });
}

/** Request pickup: packages 20 -> 30, pickup_requested_at set. */
export async function requestPickup(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  decide(ctx, shipment, 'request-pickup');
  return inTransaction(ctx, shipment, 'request-pickup', async (trx) => {
    await casShipment(trx, shipment, { pickup_requested_at: ctx.now.toISOString() }, nextStamp(ctx.now, shipment.updated_at));
    await movePackages(ctx, trx, shipment, 'request-pickup', shipment.status);
    await syncShipmentStatus(trx, shipment.id, actorId(ctx), ctx.now.toISOString());
    return fresh(trx, shipment.id);
  });
}

/** Private delivery: the merchant carries the packages (20/30 -> 50) without a driver. */
export async function privateDelivery(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  decide(ctx, shipment, 'private-delivery');
  return inTransaction(ctx, shipment, 'private-delivery', async (trx) => {
    await casShipment(trx, shipment, {}, nextStamp(ctx.now, shipment.updated_at));
    await movePackages(ctx, trx, shipment, 'private-delivery', shipment.status);
    await syncShipmentStatus(trx, shipment.id, actorId(ctx), ctx.now.toISOString());
    return fresh(trx, shipment.id);
  });
}

/** Request location: 0 -> 4, the customer is asked to choose a drop-off location (status 5 once notified). */
export async function requestLocation(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  const t = decide(ctx, shipment, 'request-location');
  return inTransaction(ctx, shipment, 'request-location', async (trx) => {
    await casShipment(trx, shipment, { status: t.to }, nextStamp(ctx.now, shipment.updated_at));
    await recordEvents(trx, [shipmentEvent(ctx, shipment, 'status', t.from, t.to, { action: 'request-location' })]);
    return fresh(trx, shipment.id);
  });
}

/**
 * Cancel: every package the package machine lets the actor cancel (before it travels: 0, 20, 30) goes to -90
 * with the package verb's own writes (locker compartment released, events, counts); packages already on
 * their way keep their status. The shipment status is then derived once (-90 when all are cancelled).
 * Nothing cancellable: shipment.action_not_allowed, and nothing is written.
 */
export async function cancelShipment(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  decide(ctx, shipment, 'cancel');
  return inTransaction(ctx, shipment, 'cancel', async (trx) => {
    await casShipment(trx, shipment, {}, nextStamp(ctx.now, shipment.updated_at));
    const packages = await trx.selectFrom('packages').selectAll().where('shipment_id', '=', shipment.id).orderBy('id').execute();
    const cancelled: number[] = [];
    for (const pkg of packages) if (await runPackageActionIn(ctx, trx, pkg, 'cancel')) cancelled.push(pkg.id);
    if (!cancelled.length) throw new DomainError('shipment.action_not_allowed');
    const status = await syncShipmentStatus(trx, shipment.id, actorId(ctx), ctx.now.toISOString(), 'cancel');
    // A changed status has its event row from the sync (reason cancel); otherwise the cancel records itself.
    if (status === shipment.status) await recordEvents(trx, [shipmentEvent(ctx, shipment, 'cancel', status, status, { action: 'cancel', packages: cancelled })]);
    return fresh(trx, shipment.id);
  });
}

/** Process (superadmin debug): re-derives the status from the packages and records that it ran. */
export async function processShipment(ctx: OpContext, shipment: Shipment): Promise<Shipment> {
  decide(ctx, shipment, 'process');
  return inTransaction(ctx, shipment, 'process', async (trx) => {
    await casShipment(trx, shipment, {}, nextStamp(ctx.now, shipment.updated_at));
    const status = await syncShipmentStatus(trx, shipment.id, actorId(ctx), ctx.now.toISOString(), 'process');
    await recordEvents(trx, [shipmentEvent(ctx, shipment, 'process', shipment.status, status, { action: 'process' })]);
    return fresh(trx, shipment.id);
  });
}

export const SHIPMENT_VERBS = {
  register: registerShipment,
  print: printShipment,
  'request-pickup': requestPickup,
  'request-location': requestLocation,
  'private-delivery': privateDelivery,
  cancel: cancelShipment,
  process: processShipment,
} as const;
export type ShipmentVerb = keyof typeof SHIPMENT_VERBS;
