/**
 * Locker routes (issue 13; docs/lockers.md):
 *   GET  /api/locations/:id/occupancy                        the grid of doors (lockers.occupancy)
 *   POST /api/locations/:id/doors/:door/out-of-service {reason} a door out of service (lockers.doors)
 *   POST /api/locations/:id/doors/:door/in-service             and back (lockers.doors)
 *   GET  /api/locations/:id/availability                     free doors per size now (locations.availability)
 *   POST /api/packages/:id/report-locker-full {reason}       the courier's "no free door" / "door fault" /
 *                                                            "parcel does not fit" -> temporary storage (lockers.report-full)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import type { Location } from '../db/tables.js';
import { requirePermission } from '../plugins/auth.js';
import { contextOf } from '../resources/access.js';
import { RESOURCE_MODULES } from '../resources/index.js';
import { loadOne } from '../resources/records.js';
import { DoorParams, IdParams, NoBody, NoQuery, ReasonBody } from '../../core/contract/index.js';
import { fieldError } from '../resources/validate.js';
import { opContext } from '../resources/shared/op-context.js';
import { loadPackage } from '../resources/packages/package-scope.js';
import { recordPayload } from '../resources/shared/record-payload.js';
import { availabilityOf } from './availability.js';
import { setDoorInService, setDoorOutOfService } from './doors.service.js';
import { lockerOccupancy } from './occupancy.service.js';
import { lockerFullReasonOf, reportLockerFull } from './temporary-storage.service.js';

const idOf = (request: FastifyRequest<{ Params: IdParams }>) => request.params.id;

/** The locker location in the actor's reach (404 otherwise; a PUDO point or warehouse has no doors). */
async function lockerOf(request: FastifyRequest<{ Params: IdParams }>): Promise<Location> {
  const location = (await loadOne(contextOf(request), RESOURCE_MODULES.locations, idOf(request))) as Location;
  if (location.class !== 'locker') throw new DomainError('location.not_a_locker');
  return location;
}

/** The longest reason a door is taken out of service for. */
const DOOR_REASON_MAX = 200;

function reasonText(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') fieldError('reason', 'validation.text');
  if (value.length > DOOR_REASON_MAX) fieldError('reason', 'validation.max', 'validation.failed', { length: DOOR_REASON_MAX });
  return value.trim() || null;
}

export function registerLockerOpsRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['lockers'];

  app.get('/locations/:id/occupancy', { schema: { tags, params: IdParams, querystring: NoQuery }, preHandler: requirePermission('lockers.occupancy') }, async (request) => {
    const location = await lockerOf(request);
    return { data: await lockerOccupancy(request.server.db, location) };
  });

  app.post('/locations/:id/doors/:door/out-of-service', { schema: { tags, params: DoorParams, body: ReasonBody }, preHandler: requirePermission('lockers.doors') }, async (request) => {
    const location = await lockerOf(request);
    const change = await setDoorOutOfService(opContext(request), location, request.params.door, reasonText(request.body?.reason));
    return { data: change };
  });

  app.post('/locations/:id/doors/:door/in-service', { schema: { tags, params: DoorParams, body: NoBody }, preHandler: requirePermission('lockers.doors') }, async (request) => {
    const location = await lockerOf(request);
    return { data: await setDoorInService(opContext(request), location, request.params.door) };
  });

  app.get('/locations/:id/availability', { schema: { tags, params: IdParams, querystring: NoQuery }, preHandler: requirePermission('locations.availability') }, async (request) => {
    const db = request.server.db;
    // Any active drop-off is open to those who may pick one (the shipment form); other locations by the actor's scope.
    const open = await db.selectFrom('locations').selectAll().where('id', '=', idOf(request)).where('type', '=', 'dropoff').where('active', '=', 1).executeTakeFirst();
    const location = open ?? ((await loadOne(contextOf(request), RESOURCE_MODULES.locations, idOf(request))) as Location);
    return { data: await availabilityOf(db, location) };
  });

  app.post('/packages/:id/report-locker-full', { schema: { tags, params: IdParams, body: ReasonBody }, preHandler: requirePermission('lockers.report-full') }, async (request) => {
    const ctx = opContext(request);
    const reason = lockerFullReasonOf(request.body?.reason);
    const pkg = await loadPackage(ctx.db, ctx.actor, idOf(request));
    const outcome = await reportLockerFull(ctx, pkg, reason);
    return recordPayload(ctx.db, 'packages', ctx.actor!, outcome.package, { storage: outcome.storage });
  });
}
