/**
 * One set of thin CRUD routes for every resource: role + feature check, tenant-scoped load (foreign ids
 * answer 404), per-record verdicts, optimistic concurrency, field masks, meta.actions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DomainError } from '../../core/errors.js';
import { calendarInstant } from '../../core/validation.js';
import { canPick, type CrudAction } from '../../core/permissions.js';
import { signedInActor } from '../plugins/auth.js';
import { againOnDuplicate } from '../db/unique-violation.js';
import { declaresGuard } from '../plugins/route-guard.js';
import type { RequestActor } from '../http/context.js';
import { contextOf, ensureCrud, type ServiceContext } from './access.js';
import { parseListQuery, rawQuery, runList } from './list-query.js';
import { loadOne } from './records.js';
import { fieldError } from './validate.js';
import { allowedActions, presenter, type ResourceModule, type Row } from './module.js';
import { actionsMap, allVerdicts } from './record-actions.js';
import { DeleteResponse, ErrorBody, IdParams, ListQuery, ListResponse, ShowResponse, resourceBodies } from '../../core/contract/index.js';

/**
 * The one CRUD gate of a route (core/permissions crudRefusal: 401, 403 forbidden, 403 feature_disabled), as a
 * preHandler that declares itself (api/plugins/route-guard.ts). `exempt`: the resource's own exceptions, a
 * picker list (`light=1`) or a record the module lets the actor reach anyway (a user's own account).
 */
function crudGate(mod: ResourceModule, action: CrudAction, exempt: (request: FastifyRequest, actor: RequestActor) => boolean = () => false) {
  return declaresGuard({ crud: mod.name, action }, async (request: FastifyRequest) => {
    const actor = signedInActor(request);
    if (!exempt(request, actor)) ensureCrud(actor, mod.name, action);
  });
}

const isPicker = (mod: ResourceModule) => (request: FastifyRequest, actor: RequestActor) => {
  const raw = rawQuery(request);
  return canPick(actor.role, mod.name) && (raw.light === '1' || raw.light === 'true');
};
const isPermitted = (mod: ResourceModule, action: 'show' | 'edit') => (request: FastifyRequest, actor: RequestActor) => mod.permits?.(actor, action, idOf(request)) === true;

/** The show payload: stored row + relations, masked, with the record's allowed actions. */
export async function showRecord(ctx: ServiceContext, mod: ResourceModule, row: Row) {
  const verdicts = await allVerdicts(mod, [row], ctx.actor, ctx.db);
  const extra = mod.include ? await mod.include(ctx, row) : {};
  const data = { ...presenter(mod, ctx.actor.role)(row), ...extra };
  return { data, meta: { actions: allowedActions(verdicts.get(row.id)) } };
}

async function checkVerdict(ctx: ServiceContext, mod: ResourceModule, row: Row, action: 'edit' | 'delete') {
  const verdict = (await mod.verdicts([row], ctx.actor, ctx.db)).get(row.id)?.[action];
  // A record still in use is refused by the delete itself, which says what holds it (refuseIfInUse).
  if (verdict && !(action === 'delete' && verdict === 'record.in_use')) throw new DomainError(verdict);
}

/** 409 when the client sent the updated_at it read and the stored one has moved on. */
export function checkFresh(row: Row, body: Row) {
  const sent = body.updated_at;
  if (sent === undefined || sent === null || sent === '') return;
  // A date that does not exist is a wrong request, not somebody else's change.
  if (!calendarInstant(sent)) fieldError('updated_at', 'validation.date');
  if (String(sent) !== String(row.updated_at)) throw new DomainError('conflict.stale');
}

/** The record id of a `/:id` route (its params are already checked and converted by the schema). */
const idOf = (request: FastifyRequest) => Number((request.params as { id: number | string }).id);

/** The refusals every CRUD route may answer (docs/api.md "Errors"). */
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export function registerCrudRoutes(fastify: FastifyInstance, mod: ResourceModule) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = `/${mod.name}`;
  const tags = [mod.name];
  const bodies = resourceBodies[mod.name];

  app.get(base, { preHandler: crudGate(mod, 'list', isPicker(mod)), schema: { tags, querystring: ListQuery, response: { 200: ListResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    const q = parseListQuery(mod.list, rawQuery(request), ctx.actor.role);
    const spec = { ...mod.list, actions: (rows: Row[]) => actionsMap(mod, rows, ctx.actor, ctx.db) };
    return runList(ctx.db, app.dialect, spec, q, ctx.actor, presenter(mod, ctx.actor.role));
  });

  app.get(`${base}/:id`, { preHandler: crudGate(mod, 'show', isPermitted(mod, 'show')), schema: { tags, params: IdParams, response: { 200: ShowResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    return showRecord(ctx, mod, await loadOne(ctx, mod, request.params.id));
  });

  app.post(base, { preHandler: crudGate(mod, 'create'), schema: { tags, body: bodies.create, response: { 201: ShowResponse, ...refusals } } }, async (request, reply) => {
    const ctx = contextOf(request);
    // Two identical creates at once: the one the unique index refused answers its check's coded refusal, not 500.
    const { id, extra } = await againOnDuplicate(() => mod.create(ctx, request.body));
    const shown = await showRecord(ctx, mod, await loadOne(ctx, mod, id));
    reply.code(201);
    return extra ? { ...shown, data: { ...shown.data, ...extra } } : shown;
  });

  app.put(`${base}/:id`, { preHandler: crudGate(mod, 'edit', isPermitted(mod, 'edit')), schema: { tags, params: IdParams, body: bodies.update, response: { 200: ShowResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    const row = await loadOne(ctx, mod, request.params.id);
    await checkVerdict(ctx, mod, row, 'edit');
    const body = request.body;
    checkFresh(row, body);
    await againOnDuplicate(() => mod.update(ctx, row, body));
    return showRecord(ctx, mod, await loadOne(ctx, mod, row.id));
  });

  app.delete(`${base}/:id`, { preHandler: crudGate(mod, 'delete'), schema: { tags, params: IdParams, response: { 200: DeleteResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    const row = await loadOne(ctx, mod, request.params.id);
    await checkVerdict(ctx, mod, row, 'delete');
    await mod.remove(ctx, row);
    return { data: { id: row.id } };
  });
}
