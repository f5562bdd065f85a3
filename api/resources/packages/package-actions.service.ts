/**
 * One package verb, end to end: gather what the state machine needs (merchant features, shipment,
 * locations, the consolidation target), let core/machines decide, then write everything in ONE
 * transaction: the package patch by compare-and-set (UPDATE ... WHERE id AND status AND updated_at;
 * zero rows means someone else won, and the caller gets the coded refusal of the new state), the
 * contained packages of a consolidation, locker compartments, the identification image, event rows,
 * the derived shipment status, location package counts and the customer's notification request.
 */
import { DomainError } from '../../../core/errors.js';
import type { LocationClass, NotificationEvent } from '../../../core/constants.js';
import { applyPackageAction, isSet, storageRulesOf, type PackageAction, type PackageContext, type PackageTransition } from '../../../core/machines/index.js';
import { HANDOVER_ROLE, releasesCompartment } from '../../../core/policies/packages.policy.js';
import { carriesPickupCode, issuesPickupCode, keepsPickupCode } from '../../../core/policies/locker-access.policy.js';
import { lockerSecret, sealPickupCode } from '../../lockers/locker-keys.js';
import { carryPickupCode, dropPickupCode, issuePickupCode } from '../../lockers/pickup-codes.js';
import type { Location, Package } from '../../db/tables.js';
import { recordEvents, type NewEvent } from '../../events/events.repository.js';
import { lockerService } from '../../providers/locker/index.js';
import { fieldError } from '../validate.js';
import { actorFeatures, actorId, machineActor, nextStamp, type Executor, type OpContext } from '../shared/op-context.js';
import { enqueuePackageNotification, moveLocationCounts, placementAfter, syncShipmentStatus, type PlacementMove } from '../shared/effects.js';
import { findByBarcode, findPackageInScope } from './package-scope.js';

export interface PackageActionInput {
  /** Where the action happens (check-in, check-out): the store's selected location. */
  location_id?: number | null;
  /** reroute: the new drop-off location. */
  target_location_id?: number | null;
  /** consolidate: the container, by id or barcode. */
  into?: number | string | null;
  /** PUDO check-out: the photo of the customer's identification. */
  identification?: { mime: string; data: Buffer } | null;
  /** Warehouse check-out: the driver taking the package. */
  handover_to?: number | null;
  reason?: string | null;
  /** Columns written with the transition's own compare-and-set (temporary storage: where the package was meant to go). */
  extraPatch?: Partial<Pick<Package, 'storage_origin_id' | 'storage_return_at' | 'kept_expires_at' | 'expires_at'>>;
  /** The customer's message instead of the transition's own (temporary storage tells where and until when). */
  notifyAs?: NotificationEvent;
  /** A scan synced from a device queue (docs/offline-scanning.md): its device time and what the device said, on the events. */
  scan?: { occurred_at: string; data: Record<string, unknown> };
}

export interface PackageActionOutcome {
  package: Package;
  from: number;
  to: number;
  /** Make retrievable was accepted by the locker service and completes later. */
  pending?: { eta_seconds: number };
}

/** Thrown inside the transaction when the compare-and-set matched no row. */
export class LostRace extends Error {}

const toId = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

async function locationRow(db: Executor, id: number | null | undefined): Promise<Location | undefined> {
  if (id == null || !Number.isInteger(id) || id < 1) return undefined;
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The location the action happens at: given, else the store user's only location, else where the package sits for its own staff. */
function defaultLocationId(ctx: OpContext, pkg: Package, action: PackageAction, given: number | null): number | null {
  if (given != null) return given;
  if (action === 'deposit') return pkg.dropoff_location_id;
  const mine = ctx.actor?.location_ids ?? [];
  if (action !== 'check-in' && action !== 'check-out') return null;
  if (action === 'check-out' && pkg.location_id != null && mine.includes(pkg.location_id)) return pkg.location_id;
  return mine.length === 1 ? mine[0]! : null;
}

async function machineContext(ctx: OpContext, pkg: Package, action: PackageAction, input: PackageActionInput) {
  const db = ctx.db;
  const [merchant, shipment, dropoff] = await Promise.all([
    db.selectFrom('merchants').select('features').where('id', '=', pkg.merchant_id).executeTakeFirst(),
    db.selectFrom('shipments').selectAll().where('id', '=', pkg.shipment_id).executeTakeFirstOrThrow(),
    locationRow(db, pkg.dropoff_location_id),
  ]);
  const locationId = defaultLocationId(ctx, pkg, action, toId(input.location_id));
  const location = locationId != null && locationId === dropoff?.id ? dropoff : await locationRow(db, locationId);
  if (locationId != null && (!location || location.active !== 1)) fieldError('location_id', 'validation.exists');

  let target: Location | undefined;
  if (action === 'reroute') {
    const targetId = toId(input.target_location_id);
    if (targetId == null) fieldError('location', 'validation.required');
    target = await locationRow(db, targetId);
    if (!target || target.active !== 1 || target.type !== 'dropoff') fieldError('location', 'validation.exists');
  }
  let into: Package | undefined;
  if (action === 'consolidate') {
    if (input.into === null || input.into === undefined || input.into === '') fieldError('into', 'validation.required');
    const asId = typeof input.into === 'number' || /^\d+$/.test(String(input.into)) ? Number(input.into) : null;
    into = (asId ? await findPackageInScope(db, ctx.actor, asId) : undefined) ?? (await findByBarcode(db, ctx.actor, String(input.into)));
    if (!into) fieldError('into', 'validation.exists');
  }
  const features = merchant?.features ?? 0;
  const extension = action === 'extend-expiry' ? await extensionFacts(db, pkg) : {};
  const machine: PackageContext = {
    actor: machineActor(ctx.actor),
    // A merchant's own features decide package rules; a merchant user is additionally held to them.
    features: ctx.actor ? features & actorFeatures(ctx.actor) : features,
    now: ctx.now,
    location: location ? { id: location.id, class: location.class as LocationClass, storage_days: location.storage_days, storage: storageRulesOf(location) } : null,
    shipmentStatus: shipment.status,
    target: target ? { id: target.id, class: target.class as LocationClass } : null,
    customerPhone: shipment.phone,
    into: into ?? null,
    identification: Boolean(input.identification),
    dropoffClass: (dropoff?.class as LocationClass | undefined) ?? null,
    handoverTo: toId(input.handover_to),
    ...extension,
  };
  return { machine, shipment, location, target, dropoff };
}

/** extend-expiry: the storage rules where the package sits and the extensions it already had. */
async function extensionFacts(db: Executor, pkg: Package): Promise<Pick<PackageContext, 'storage' | 'extensionsUsed'>> {
  const [sits, used] = await Promise.all([
    locationRow(db, pkg.location_id),
    db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('subject_type', '=', 'package').where('subject_id', '=', pkg.id).where('kind', '=', 'extend-expiry').executeTakeFirst(),
  ]);
  return { storage: storageRulesOf(sits), extensionsUsed: Number(used?.n ?? 0) };
}

/**
 * A warehouse check-out hands the package to a driver, who then carries it (their scan finds it): without
 * one, the package would be in transit with nobody, out of every driver's reach.
 */
async function requireDriver(db: Executor, id: number | null | undefined): Promise<void> {
  if (id == null) fieldError('handover_to', 'validation.required');
  const driver = Number.isInteger(id) && id > 0
    ? await db.selectFrom('users').select('id').where('id', '=', id).where('role', '=', HANDOVER_ROLE).where('active', '=', 1).executeTakeFirst()
    : undefined;
  if (!driver) fieldError('handover_to', 'validation.exists');
}

/** Active drivers a warehouse can hand packages to, by name. */
export async function handoverDrivers(db: Executor): Promise<{ id: number; name: string }[]> {
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('role', '=', HANDOVER_ROLE).where('active', '=', 1).orderBy('first_name').orderBy('last_name').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim() }));
}

/** The machine's decision with everything it was given; a refusal throws its coded error. */
async function decide(ctx: OpContext, pkg: Package, action: PackageAction, input: PackageActionInput) {
  const gathered = await machineContext(ctx, pkg, action, input);
  const decision = applyPackageAction(pkg, action, gathered.machine);
  if (!decision.ok) throw new DomainError(decision.code);
  if (action === 'check-out' && gathered.location?.class === 'warehouse') await requireDriver(ctx.db, gathered.machine.handoverTo);
  return { gathered, decision };
}

/** Someone else moved the package first: the refusal its new state gives (e.g. already picked up). */
async function lostRaceRefusal(db: Executor, ctx: OpContext, pkg: Package, action: PackageAction, gathered: Gathered): Promise<DomainError> {
  const fresh = await db.selectFrom('packages').selectAll().where('id', '=', pkg.id).executeTakeFirst();
  if (!fresh) return new DomainError('not_found');
  const again = applyPackageAction(fresh, action, { ...gathered.machine, now: ctx.now });
  return new DomainError(again.ok ? 'conflict.stale' : again.code);
}

/** Runs one verb on a package the caller loaded within the actor's scope. */
export async function runPackageAction(ctx: OpContext, pkg: Package, action: PackageAction, input: PackageActionInput = {}): Promise<PackageActionOutcome> {
  const { gathered, decision } = await decide(ctx, pkg, action, input);
  try {
    return await ctx.db.transaction().execute((trx) => persist(ctx, trx, pkg, decision, gathered, input));
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    throw await lostRaceRefusal(ctx.db, ctx, pkg, action, gathered);
  }
}

/**
 * runPackageAction inside the caller's transaction, reading through it too (offline scan sync: the scan's stored
 * outcome commits with the package, docs/offline-scanning.md). Every refusal, a lost race included, throws its
 * coded error, so the caller rolls back.
 */
export async function runPackageActionWithin(ctx: OpContext, trx: Executor, pkg: Package, action: PackageAction, input: PackageActionInput): Promise<PackageActionOutcome> {
  const { gathered, decision } = await decide({ ...ctx, db: trx as OpContext['db'] }, pkg, action, input);
  try {
    return await persist(ctx, trx, pkg, decision, gathered, input);
  } catch (error) {
    if (!(error instanceof LostRace)) throw error;
    throw await lostRaceRefusal(trx, ctx, pkg, action, gathered);
  }
}

/**
 * One verb on a package inside the caller's transaction, for shipment verbs that move each of their packages
 * (shipment cancel): the same machine and writes as runPackageAction, except the shipment status, which the
 * caller derives once at the end. Null when the machine refuses; a lost race throws LostRace.
 */
export async function runPackageActionIn(ctx: OpContext, trx: Executor, pkg: Package, action: PackageAction): Promise<PackageActionOutcome | null> {
  const gathered = await machineContext({ ...ctx, db: trx }, pkg, action, {});
  const decision = applyPackageAction(pkg, action, gathered.machine);
  return decision.ok ? persist(ctx, trx, pkg, decision, gathered, {}, false) : null;
}

type Gathered = Awaited<ReturnType<typeof machineContext>>;

async function persist(ctx: OpContext, trx: Executor, pkg: Package, t: PackageTransition, g: Gathered, input: PackageActionInput, syncShipment = true): Promise<PackageActionOutcome> {
  const now = ctx.now.toISOString();
  const stamp = nextStamp(ctx.now, pkg.updated_at);
  const who = actorId(ctx);
  const patch: Record<string, unknown> = { ...t.patch, ...input.extraPatch, updated_at: stamp };
  if (t.rearmReminders) patch.reminder_sent_for = null;

  // Compare-and-set first: a lost race writes nothing and calls no provider.
  const res = await trx
    .updateTable('packages')
    .set(patch)
    .where('id', '=', pkg.id)
    .where('status', '=', pkg.status)
    .where('updated_at', '=', pkg.updated_at)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new LostRace();

  const locker = lockerService();
  let pending: PackageActionOutcome['pending'];
  // The compare-and-set went through: locker compartments follow the package (local terminal; a remote one is called the same way).
  if (t.action === 'deposit') {
    const held = await trx.selectFrom('locker_compartments').select('compartment').where('package_id', '=', pkg.id).executeTakeFirst();
    if (!held) {
      const [allocation] = await locker.registerShipment(trx, { location_id: g.location!.id, shipment: g.shipment, packages: [{ id: pkg.id, size: pkg.size }] }, now);
      await trx.updateTable('packages').set({ locker_number: allocation!.locker_number }).where('id', '=', pkg.id).execute();
    }
    await locker.deposit(trx, pkg.id);
  } else if (releasesCompartment(t.action, pkg.status)) {
    await locker.release(trx, pkg.id);
    if (t.action === 'reroute') await trx.updateTable('packages').set({ locker_number: null }).where('id', '=', pkg.id).execute();
  } else if (t.action === 'expire' && pkg.locker_number) {
    pending = { eta_seconds: (await locker.makeRetrievable(trx, pkg.id)).eta_seconds };
  }


  for (const related of t.related) await trx.updateTable('packages').set({ ...related.patch, updated_at: stamp }).where('id', '=', related.id).execute();

  const where = (t.patch.location_id ?? g.location?.id ?? pkg.location_id) || null;
  const data = { action: t.action, ...(input.scan ? { scan: input.scan.data } : {}), ...(input.reason ? { reason: input.reason } : {}), ...(g.target ? { target_location_id: g.target.id } : {}), ...(t.related.length ? { into: t.related[0]!.id } : {}) };
  const events: NewEvent[] = [];
  const statusEvents = (id: number) => {
    let from = t.from;
    for (const to of [...t.via, t.to]) {
      events.push({ subject_type: 'package', subject_id: id, kind: from === to ? t.action : 'status', from_status: from, to_status: to, actor_id: who, location_id: where, created_at: now, occurred_at: input.scan?.occurred_at, data });
      from = to;
    }
  };
  statusEvents(pkg.id);

  // A consolidation travels as one: status moves of the container cascade to the packages inside it.
  const movedIds = [pkg.id];
  const moves: PlacementMove[] = [{ before: pkg, after: placementAfter(pkg, t.patch) }];
  if (isSet(pkg.is_consolidation) && t.to !== t.from) {
    const inside = await trx.selectFrom('packages').select(['id', 'location_id', 'status']).where('consolidated_to_id', '=', pkg.id).execute();
    if (inside.length) {
      const { status, location_id, driver_id, available_at, expires_at } = t.patch;
      const cascade = Object.fromEntries(Object.entries({ status, location_id, driver_id, available_at, expires_at }).filter(([, v]) => v !== undefined));
      await trx.updateTable('packages').set({ ...cascade, updated_at: stamp }).where('consolidated_to_id', '=', pkg.id).execute();
      for (const child of inside) {
        statusEvents(child.id);
        moves.push({ before: child, after: placementAfter(child, t.patch) });
      }
      movedIds.push(...inside.map((c) => c.id));
    }
  }
  if (t.action === 'check-out' && input.identification) {
    await trx.deleteFrom('package_images').where('package_id', '=', pkg.id).execute();
    await trx.insertInto('package_images').values({ package_id: pkg.id, mime: input.identification.mime, data: input.identification.data, created_at: now }).execute();
  }
  await recordEvents(trx, events);
  await moveLocationCounts(trx, moves);
  if (syncShipment && (t.to !== t.from || movedIds.length > 1)) await syncShipmentStatus(trx, pkg.shipment_id, who, now);

  const fresh = await trx.selectFrom('packages').selectAll().where('id', '=', pkg.id).executeTakeFirstOrThrow();
  // Pickup codes (docs/lockers.md): ready at a locker -> a fresh code for the "ready" message; leaving -> the code dies.
  const sitsAt = [g.location, g.dropoff].find((l) => l != null && l.id === fresh.location_id);
  let pickupCode: string | undefined;
  // The code follows the package: one that arrives with a live code (temporary storage, back, rerouted) keeps it.
  let codeKept = false;
  if (sitsAt && issuesPickupCode(t, sitsAt.class)) {
    codeKept = carriesPickupCode(t) && (await carryPickupCode(trx, fresh.id, sitsAt.id));
    if (!codeKept) pickupCode = await issuePickupCode(ctx.db, trx, fresh.id, sitsAt.id, now);
  }
  else if (keepsPickupCode(t.from) && !keepsPickupCode(t.to)) await dropPickupCode(trx, fresh.id);
  const notification = input.notifyAs ?? t.notification;
  if (notification) {
    const at = t.action === 'reroute' ? g.target : g.location ?? g.dropoff;
    const sealed = pickupCode ? sealPickupCode(await lockerSecret(ctx.db, trx), pickupCode) : undefined;
    await enqueuePackageNotification(trx, notification, { package: fresh, shipment: g.shipment, location: at ?? null }, `${t.action}:${stamp}`, ctx.now, sealed, codeKept);
  }
  return { package: fresh, from: t.from, to: t.to, ...(pending ? { pending } : {}) };
}
