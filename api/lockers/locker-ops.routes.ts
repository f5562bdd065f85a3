/**
 * Locker routes (issue 13; docs/lockers.md):
 *   GET  /api/locations/:id/occupancy                        the grid of doors (lockers.occupancy)
 *   POST /api/locations/:id/doors/:door/out-of-service {reason} a door out of service (lockers.doors)
 *   POST /api/locations/:id/doors/:door/in-service             and back (lockers.doors)
 *   GET  /api/locations/:id/availability                     free doors per size now (locations.availability)
 *   POST /api/packages/:id/report-locker-full {reason}       the courier's "no free door" / "door fault" /
 *                                                            "parcel does not fit" -> temporary storage (lockers.report-full)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import type { Location } from '../db/tables.js';
import { requirePermission } from '../plugins/auth.js';
import { contextOf } from '../resources/access.js';
import { RESOURCE_MODULES } from '../resources/index.js';
import { loadOne } from '../resources/records.js';
import { IdParams, NoBody, NoQuery } from '../../core/contract/index.js';
import { fieldError } from '../resources/validate.js';
import { opContext } from '../resources/shared/op-context.js';
import { loadPackage } from '../resources/packages/package-scope.js';
import { recordPayload } from '../resources/shared/record-payload.js';
import { availabilityOf } from './availability.js';
import { setDoorInService, setDoorOutOfService } from './doors.service.js';
import { lockerOccupancy } from './occupancy.service.js';
import { lockerFullReasonOf, reportLockerFull } from './temporary-storage.service.js';

const doorParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, door: { type: 'integer', minimum: 1, maximum: 1000 } },
  required: ['id', 'door'],
} as const;

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
const bodyOf = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;

/** The locker location in the actor's reach (404 otherwise; a PUDO point or warehouse has no doors). */
async function lockerOf(request: FastifyRequest): Promise<Location> {
  const location = (await loadOne(contextOf(request), RESOURCE_MODULES.locations, idOf(request))) as Location;
  if (location.class !== 'locker') throw new DomainError('location.not_a_locker');
  return location;
}

function reasonText(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.length > 200) fieldError('reason', 'validation.max', 'validation.failed', { max: 200 });
  return value.trim() || null;
}

export function registerLockerOpsRoutes(app: FastifyInstance): void {
  const tags = ['lockers'];

  app.get('/locations/:id/occupancy', { schema: { tags, params: IdParams, querystring: NoQuery }, preHandler: requirePermission('lockers.occupancy') }, async (request) => {
    const location = await lockerOf(request);
    return { data: await lockerOccupancy(request.server.db, location) };
  });

  app.post('/locations/:id/doors/:door/out-of-service', { schema: { tags, params: doorParams, body: NoBody }, preHandler: requirePermission('lockers.doors') }, async (request) => {
    const location = await lockerOf(request);
    const { door } = request.params as { door: number };
    const change = await setDoorOutOfService(opContext(request), location, Number(door), reasonText(bodyOf(request).reason));
    return { data: change };
  });

  app.post('/locations/:id/doors/:door/in-service', { schema: { tags, params: doorParams, body: NoBody }, preHandler: requirePermission('lockers.doors') }, async (request) => {
    const location = await lockerOf(request);
    const { door } = request.params as { door: number };
    return { data: await setDoorInService(opContext(request), location, Number(door)) };
  });

  app.get('/locations/:id/availability', { schema: { tags, params: IdParams, querystring: NoQuery }, preHandler: requirePermission('locations.availability') }, async (request) => {
    const db = request.server.db;
    // Any active drop-off is open to those who may pick one (the shipment form); other locations by the actor's scope.
    const open = await db.selectFrom('locations').selectAll().where('id', '=', idOf(request)).where('type', '=', 'dropoff').where('active', '=', 1).executeTakeFirst();
    const location = open ?? ((await loadOne(contextOf(request), RESOURCE_MODULES.locations, idOf(request))) as Location);
    return { data: await availabilityOf(db, location) };
  });

  app.post('/packages/:id/report-locker-full', { schema: { tags, params: IdParams, body: NoBody }, preHandler: requirePermission('lockers.report-full') }, async (request) => {
    const ctx = opContext(request);
    const reason = lockerFullReasonOf(bodyOf(request).reason);
    const pkg = await loadPackage(ctx.db, ctx.actor, idOf(request));
    const outcome = await reportLockerFull(ctx, pkg, reason);
    return recordPayload(ctx.db, 'packages', ctx.actor!, outcome.package, { storage: outcome.storage });
  });
}
