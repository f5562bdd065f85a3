/**
 * The terminal's own API (docs/lockers.md), used by the kiosk page at the locker. Every route is guarded by the
 * terminal's credential (requireTerminal), never by a staff session, and ignores any session cookie (no CSRF:
 * the credential is a header a page cannot be tricked into sending).
 *
 * - GET  /api/terminals/:location_id            the terminal's name (the kiosk's set-up check)
 * - POST /api/terminals/:location_id/open       { code } -> { compartment }: the customer's pickup
 * - POST /api/terminals/:location_id/courier    { badge } -> the courier's deposits and retrievals here
 * - POST /api/terminals/:location_id/deposit    { badge, barcode } -> { compartment }: drop-off (50 -> 90)
 * - POST /api/terminals/:location_id/retrieve   { badge, barcode } -> { compartment }: expired pickup (-45 -> -50)
 * - POST /api/terminals/:location_id/report-full { badge, barcode, reason } -> where the package goes instead:
 *   the courier's "no free door" / "door fault" / "parcel does not fit", the same rule and service as the driver
 *   screen's POST /api/packages/:id/report-locker-full (temporary storage within 2 km, same code, same expiry)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '../../core/errors.js';
import { DEPOSITABLE_STATUSES, RETRIEVABLE_STATUSES, badgeCodeProblem, normalizePickupCode, pickupCodeProblem, pickupRefusal, type DoorOpeningKind } from '../../core/policies/locker-access.policy.js';
import type { Package } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { systemContext, type OpContext } from '../resources/shared/op-context.js';
import { fieldError } from '../resources/validate.js';
import { LostRace, runPackageAction, runPackageActionIn } from '../resources/packages/package-actions.service.js';
import { findByBarcode } from '../resources/packages/package-scope.js';
import { syncShipmentStatus } from '../resources/shared/effects.js';
import { lockerFullReasonOf, reportLockerFull } from './temporary-storage.service.js';
import { TerminalBadgeBody, TerminalCodeBody, TerminalParams, TerminalReportFullBody, TerminalScanBody } from '../../core/contract/index.js';
import { courierByBadge } from './badges.js';
import { recordDoorOpening } from './door-events.js';
import { consumeCode, findByCode } from './pickup-codes.js';
import { requireTerminal, terminalOf } from './terminal-auth.js';
import { countAttempt, giveBack, reserveCheck } from './terminal-limits.js';

const door = (pkg: Pick<Package, 'locker_number'>) => (pkg.locker_number != null && /^\d+$/.test(pkg.locker_number) ? Number(pkg.locker_number) : null);

/** The courier whose badge the request carries; a wrong badge counts against the terminal's badge allowance. */
async function courierOf(request: FastifyRequest<{ Body: TerminalBadgeBody }>, reply: FastifyReply, locationId: number, count: boolean): Promise<RequestActor> {
  // A wrongly shaped badge can be nobody's: refused before any counter, so it spends no wrong try (like a code).
  const problem = badgeCodeProblem(request.body.badge);
  if (problem) fieldError('badge', problem.key, 'validation.failed', problem.params);
  if (count) await countAttempt(request, reply, locationId);
  await reserveCheck(request, reply, locationId, 'badge');
  const courier = await courierByBadge(request.server.db, request.body.badge);
  if (!courier) throw new DomainError('locker.badge_invalid');
  await giveBack(request, locationId, 'badge');
  return courier;
}

/** The courier's packages at this terminal in the statuses given, with their doors. */
async function courierPackages(ctx: OpContext, courier: RequestActor, locationId: number, statuses: readonly number[], column: 'dropoff_location_id' | 'location_id') {
  let q = ctx.db.selectFrom('packages').select(['id', 'barcode', 'locker_number', 'size']).where(column, '=', locationId).where('status', 'in', statuses);
  // Deposits: the packages this courier carries; retrievals: any made retrievable here (a courier empties the locker).
  if (column === 'dropoff_location_id') q = q.where('driver_id', '=', courier.id);
  const rows = await q.orderBy('id').limit(200).execute();
  return rows.map((r) => ({ id: r.id, barcode: r.barcode, size: r.size, compartment: door(r) }));
}

/** The package a courier scanned at this terminal, when it is one they may deposit here (else locker.package_not_here). */
async function scannedForDeposit(ctx: OpContext, courier: RequestActor, locationId: number, barcode: string): Promise<Package> {
  const pkg = await findByBarcode(ctx.db, courier, barcode);
  if (!pkg || pkg.dropoff_location_id !== locationId || !DEPOSITABLE_STATUSES.includes(pkg.status)) throw new DomainError('locker.package_not_here');
  return pkg;
}

/** A courier verb on a scanned package, through the package machine, then the door event. */
async function courierVerb(request: FastifyRequest<{ Body: TerminalScanBody }>, reply: FastifyReply, action: 'deposit' | 'pickup', kind: DoorOpeningKind, allowed: readonly number[]) {
  const location = terminalOf(request);
  const courier = await courierOf(request, reply, location.id, false);
  const ctx: OpContext = { db: request.server.db, dialect: request.server.dialect, now: request.server.clock.now(), actor: courier };
  const pkg = await findByBarcode(ctx.db, courier, request.body.barcode);
  const here = action === 'deposit' ? pkg?.dropoff_location_id : pkg?.location_id;
  if (!pkg || here !== location.id || !allowed.includes(pkg.status)) throw new DomainError('locker.package_not_here');
  const outcome = await runPackageAction(ctx, pkg, action, action === 'deposit' ? { location_id: location.id } : {});
  const compartment = door(outcome.package) ?? door(pkg);
  await recordDoorOpening(ctx.db, { kind, locationId: location.id, compartment, packageId: pkg.id, actorId: courier.id, now: ctx.now.toISOString(), data: { barcode: pkg.barcode, from: outcome.from, to: outcome.to } });
  return { compartment, barcode: pkg.barcode, status: outcome.to };
}

export function registerTerminalRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['terminals'];
  const config = { csrf: false };

  app.get('/terminals/:location_id', { schema: { tags, params: TerminalParams }, config, preHandler: requireTerminal }, async (request) => {
    const location = terminalOf(request);
    return { data: { id: location.id, name: location.name, code: location.code } };
  });

  app.post('/terminals/:location_id/open', { schema: { tags, params: TerminalParams, body: TerminalCodeBody }, config, preHandler: requireTerminal }, async (request, reply) => {
    const location = terminalOf(request);
    // A wrongly shaped code (not 6 digits, not a string) can be nobody's code: a validation error before any
    // counter is touched, so it neither spends one of the terminal's wrong tries nor its per-minute allowance.
    const problem = pickupCodeProblem(request.body.code);
    if (problem) fieldError('code', problem.key, 'validation.failed', problem.params);
    const code = normalizePickupCode(request.body.code) as string;
    await countAttempt(request, reply, location.id);
    await reserveCheck(request, reply, location.id, 'code');
    const packageId = await findByCode(app.db, location.id, code);
    if (packageId === undefined) throw new DomainError('locker.code_invalid');
    // The code is right (a package's live code here): whatever follows is not a wrong try.
    await giveBack(request, location.id, 'code');
    const ctx = systemContext(app.db, app.dialect, app.clock.now());
    const pkg = await ctx.db.selectFrom('packages').selectAll().where('id', '=', packageId).executeTakeFirstOrThrow();
    const refusal = pickupRefusal(pkg, location.id, ctx.now);
    if (refusal) throw new DomainError(refusal);
    const now = ctx.now.toISOString();
    try {
      const compartment = await ctx.db.transaction().execute(async (trx) => {
        // Single use: only the request that deletes the code opens the door.
        if (!(await consumeCode(trx, pkg.id, location.id))) throw new DomainError('locker.code_invalid');
        const outcome = await runPackageActionIn(ctx, trx, pkg, 'collect');
        if (!outcome) throw new DomainError('locker.code_invalid');
        await syncShipmentStatus(trx, pkg.shipment_id, null, now);
        const number = door(pkg);
        await recordDoorOpening(trx, { kind: 'door-code', locationId: location.id, compartment: number, packageId: pkg.id, actorId: null, now, data: { barcode: pkg.barcode, from: outcome.from, to: outcome.to } });
        return number;
      });
      return { data: { compartment } };
    } catch (error) {
      if (error instanceof LostRace) throw new DomainError('locker.code_invalid' satisfies ErrorCode);
      throw error;
    }
  });

  app.post('/terminals/:location_id/courier', { schema: { tags, params: TerminalParams, body: TerminalBadgeBody }, config, preHandler: requireTerminal }, async (request, reply) => {
    const location = terminalOf(request);
    const courier = await courierOf(request, reply, location.id, true);
    const ctx = systemContext(app.db, app.dialect, app.clock.now());
    const [deposits, retrievable] = await Promise.all([
      courierPackages(ctx, courier, location.id, DEPOSITABLE_STATUSES, 'dropoff_location_id'),
      courierPackages(ctx, courier, location.id, RETRIEVABLE_STATUSES, 'location_id'),
    ]);
    return { data: { courier: { id: courier.id, name: `${courier.user.first_name} ${courier.user.last_name}`.trim() }, deposits, retrievable } };
  });

  app.post('/terminals/:location_id/deposit', { schema: { tags, params: TerminalParams, body: TerminalScanBody }, config, preHandler: requireTerminal }, async (request, reply) => ({
    data: await courierVerb(request, reply, 'deposit', 'door-deposit', DEPOSITABLE_STATUSES),
  }));

  app.post('/terminals/:location_id/report-full', { schema: { tags, params: TerminalParams, body: TerminalReportFullBody }, config, preHandler: requireTerminal }, async (request, reply) => {
    const location = terminalOf(request);
    const reason = lockerFullReasonOf(request.body.reason);
    const courier = await courierOf(request, reply, location.id, true);
    const ctx: OpContext = { db: app.db, dialect: app.dialect, now: app.clock.now(), actor: courier };
    const pkg = await scannedForDeposit(ctx, courier, location.id, request.body.barcode);
    const outcome = await reportLockerFull(ctx, pkg, reason);
    return { data: { barcode: pkg.barcode, status: outcome.to, storage: outcome.storage } };
  });

  app.post('/terminals/:location_id/retrieve', { schema: { tags, params: TerminalParams, body: TerminalScanBody }, config, preHandler: requireTerminal }, async (request, reply) => ({
    data: await courierVerb(request, reply, 'pickup', 'door-retrieve', RETRIEVABLE_STATUSES),
  }));
}
