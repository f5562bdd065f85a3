/**
 * Support's side of locker access (docs/lockers.md), each behind a named permission (core route.permissions):
 * - POST   /api/locations/:id/terminal-secret        new terminal secret, shown once (the old one stops working)
 * - GET    /api/locations/:id/terminal-secret        whether the terminal has one, and since when (never the secret)
 * - GET    /api/locations/:id/door-events            the terminal's door openings, filters kind, from, to; cursor before
 * - POST   /api/locations/:id/doors/:compartment/open  support opens one door remotely, with a reason (audited)
 * - POST   /api/users/:id/badge                      new courier badge code, shown once; DELETE revokes; GET: since when
 * - POST   /api/packages/:id/resend-pickup-code      a new pickup code in a new "ready" message; the old code dies
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { isDoorEventKind, resendCodeRefusal } from '../../core/policies/locker-access.policy.js';
import { can } from '../../core/policies/route.permissions.js';
import type { Location, Package, User } from '../db/tables.js';
import { requirePermission, signedInActor } from '../plugins/auth.js';
import { contextOf } from '../resources/access.js';
import { RESOURCE_MODULES } from '../resources/index.js';
import { registerRecordAction } from '../resources/record-actions.js';
import { loadOne } from '../resources/records.js';
import { CompartmentParams, DoorEventsQuery, IdParams, NoBody, NoQuery, ReasonBody } from '../../core/contract/index.js';
import { fieldError } from '../resources/validate.js';
import { instantRangeProblem } from '../../core/validation.js';
import { zoneOf } from '../../core/local-time.js';
import { opContext } from '../resources/shared/op-context.js';
import { runPackageAction } from '../resources/packages/package-actions.service.js';
import { loadPackage } from '../resources/packages/package-scope.js';
import { recordPayload } from '../resources/shared/record-payload.js';
import { parseTerminal } from '../providers/locker/index.js';
import { badgeCreatedAt, createBadge, revokeBadge } from './badges.js';
import { listDoorEvents, recordDoorOpening } from './door-events.js';
import { rotateTerminalSecret } from './terminal-auth.js';

const idOf = (request: FastifyRequest<{ Params: IdParams }>) => request.params.id;
/** The locker location (within the actor's scope) whose terminal exists. */
async function terminalLocation(request: FastifyRequest<{ Params: IdParams }>): Promise<Location> {
  const location = (await loadOne(contextOf(request), RESOURCE_MODULES.locations, idOf(request))) as Location;
  const terminal = parseTerminal(location);
  if (!terminal) throw new DomainError('locker.no_terminal');
  return location;
}

/** The door count of a terminal (its compartments by size, summed). */
const doorCount = (location: Location) => {
  const c = parseTerminal(location)!.compartments;
  return c.SMALL + c.MEDIUM + c.LARGE;
};

let registered = false;
export function registerLockerStaffRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (!registered) {
    registered = true;
    registerRecordAction('packages', 'resend-pickup-code', (row, actor) => (can(actor, 'lockers.resend-code') ? resendCodeRefusal(row as Package) : 'forbidden'));
  }
  const now = () => app.clock.now().toISOString();

  app.get('/locations/:id/terminal-secret', { schema: { tags: ['locations'], params: IdParams, querystring: NoQuery }, preHandler: requirePermission('lockers.terminal-secret') }, async (request) => {
    const location = await terminalLocation(request);
    const row = await app.db.selectFrom('terminal_credentials').select('created_at').where('location_id', '=', location.id).executeTakeFirst();
    return { data: { has_secret: Boolean(row), created_at: row?.created_at ?? null } };
  });

  app.post('/locations/:id/terminal-secret', { schema: { tags: ['locations'], params: IdParams, body: NoBody }, preHandler: requirePermission('lockers.terminal-secret') }, async (request) => {
    const location = await terminalLocation(request);
    const secret = await rotateTerminalSecret(app.db, location.id, signedInActor(request).id, now());
    return { data: { location_id: location.id, secret } };
  });

  app.get('/locations/:id/door-events', { schema: { tags: ['locations'], params: IdParams, querystring: DoorEventsQuery }, preHandler: requirePermission('lockers.door-events') }, async (request) => {
    const location = await terminalLocation(request);
    const q = request.query;
    const range = instantRangeProblem(q);
    if (range) fieldError(range.field, range.message.key);
    const limit = q.limit ?? 50;
    const zone = zoneOf(location.timezone);
    const rows = await listDoorEvents(app.db, location.id, { kind: isDoorEventKind(q.kind) ? q.kind : undefined, from: q.from, to: q.to, zone, before: q.before, limit });
    return { data: rows, meta: { next: rows.length === limit ? rows[rows.length - 1]!.id : null } };
  });

  app.post('/locations/:id/doors/:compartment/open', { schema: { tags: ['locations'], params: CompartmentParams, body: ReasonBody }, preHandler: requirePermission('lockers.open-door') }, async (request) => {
    const location = await terminalLocation(request);
    // The reason is checked here, not by a body schema: a role without the permission hears 403 first.
    const reason = request.body?.reason;
    if (typeof reason !== 'string' || reason.trim().length < 3) fieldError('reason', 'validation.required');
    const { compartment } = request.params;
    if (compartment > doorCount(location)) fieldError('compartment', 'validation.exists');
    const held = await app.db.selectFrom('locker_compartments').select('package_id').where('location_id', '=', location.id).where('compartment', '=', compartment).executeTakeFirst();
    await recordDoorOpening(app.db, {
      kind: 'door-support',
      locationId: location.id,
      compartment,
      packageId: held?.package_id ?? null,
      actorId: signedInActor(request).id,
      now: now(),
      data: { reason: reason.trim().slice(0, 500) },
    });
    return { data: { compartment } };
  });

  const userOf = async (request: FastifyRequest<{ Params: IdParams }>) => (await loadOne(contextOf(request), RESOURCE_MODULES.users, idOf(request))) as User;

  app.get('/users/:id/badge', { schema: { tags: ['users'], params: IdParams, querystring: NoQuery }, preHandler: requirePermission('lockers.badges') }, async (request) => {
    const user = await userOf(request);
    return { data: { user_id: user.id, created_at: await badgeCreatedAt(app.db, user.id) } };
  });

  app.post('/users/:id/badge', { schema: { tags: ['users'], params: IdParams, body: NoBody }, preHandler: requirePermission('lockers.badges') }, async (request) => {
    const user = await userOf(request);
    const badge = await createBadge(app.db, user, signedInActor(request).id, now());
    return { data: { user_id: user.id, badge } };
  });

  app.delete('/users/:id/badge', { schema: { tags: ['users'], params: IdParams }, preHandler: requirePermission('lockers.badges') }, async (request) => {
    const user = await userOf(request);
    return { data: { user_id: user.id, revoked: await revokeBadge(app.db, user.id) } };
  });

  app.post('/packages/:id/resend-pickup-code', { schema: { tags: ['packages'], params: IdParams, body: NoBody }, preHandler: requirePermission('lockers.resend-code') }, async (request) => {
    const ctx = opContext(request);
    const pkg = await loadPackage(ctx.db, ctx.actor, idOf(request));
    const refusal = resendCodeRefusal(pkg);
    if (refusal) throw new DomainError(refusal);
    // The "ready" message again: at a locker it carries a fresh code, and issuing it replaces the old one.
    const outcome = await runPackageAction(ctx, pkg, 'notify');
    return recordPayload(ctx.db, 'packages', ctx.actor!, outcome.package);
  });
}
