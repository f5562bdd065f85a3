/**
 * One set of thin CRUD routes for every resource: role + feature check, tenant-scoped load (foreign ids
 * answer 404), per-record verdicts, optimistic concurrency, field masks, meta.actions.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DomainError } from '../../core/errors.js';
import { canPick } from '../../core/permissions.js';
import type { RequestActor } from '../http/context.js';
import { contextOf, ensureCrud, type ServiceContext } from './access.js';
import { parseListQuery, rawQuery, runList } from './list-query.js';
import { loadOne } from './records.js';
import { allowedActions, presenter, type ResourceModule, type Row } from './module.js';
import { actionsMap, allVerdicts } from './record-actions.js';
import { DeleteResponse, ErrorBody, IdParams, ListQuery, ListResponse, ShowResponse, resourceBodies } from '../../core/contract/index.js';

function ensureAction(mod: ResourceModule, actor: RequestActor, action: 'show' | 'edit' | 'delete', id: number) {
  if ((action === 'show' || action === 'edit') && mod.permits?.(actor, action, id)) return;
  ensureCrud(actor, mod.name, action === 'edit' ? 'edit' : action);
}

/** The show payload: stored row + relations, masked, with the record's allowed actions. */
export async function showRecord(ctx: ServiceContext, mod: ResourceModule, row: Row) {
  const verdicts = await allVerdicts(mod, [row], ctx.actor, ctx.db);
  const extra = mod.include ? await mod.include(ctx, row) : {};
  const data = { ...presenter(mod, ctx.actor.role)(row), ...extra };
  return { data, meta: { actions: allowedActions(verdicts.get(row.id)) } };
}

async function checkVerdict(ctx: ServiceContext, mod: ResourceModule, row: Row, action: 'edit' | 'delete') {
  const verdict = (await mod.verdicts([row], ctx.actor, ctx.db)).get(row.id)?.[action];
  if (verdict) throw new DomainError(verdict);
}

/** 409 when the client sent the updated_at it read and the stored one has moved on. */
export function checkFresh(row: Row, body: Row) {
  const sent = body.updated_at;
  if (sent === undefined || sent === null || sent === '') return;
  if (String(sent) !== String(row.updated_at)) throw new DomainError('conflict.stale');
}

/** The refusals every CRUD route may answer (docs/api.md "Errors"). */
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export function registerCrudRoutes(fastify: FastifyInstance, mod: ResourceModule) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const base = `/${mod.name}`;
  const tags = [mod.name];
  const config = { guard: { crud: mod.name } };
  const bodies = resourceBodies[mod.name];

  app.get(base, { config, schema: { tags, querystring: ListQuery, response: { 200: ListResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    const raw = rawQuery(request);
    const picker = canPick(ctx.actor.role, mod.name) && (raw.light === '1' || raw.light === 'true');
    if (!picker) ensureCrud(ctx.actor, mod.name, 'list');
    const q = parseListQuery(mod.list, raw, ctx.actor.role);
    const spec = { ...mod.list, actions: (rows: Row[]) => actionsMap(mod, rows, ctx.actor, ctx.db) };
    return runList(ctx.db, app.dialect, spec, q, ctx.actor, presenter(mod, ctx.actor.role));
  });

  app.get(`${base}/:id`, { config, schema: { tags, params: IdParams, response: { 200: ShowResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'show', request.params.id);
    return showRecord(ctx, mod, await loadOne(ctx, mod, request.params.id));
  });

  app.post(base, { config, schema: { tags, body: bodies.create, response: { 201: ShowResponse, ...refusals } } }, async (request, reply) => {
    const ctx = contextOf(request);
    ensureCrud(ctx.actor, mod.name, 'create');
    const { id, extra } = await mod.create(ctx, request.body);
    const shown = await showRecord(ctx, mod, await loadOne(ctx, mod, id));
    reply.code(201);
    return extra ? { ...shown, data: { ...shown.data, ...extra } } : shown;
  });

  app.put(`${base}/:id`, { config, schema: { tags, params: IdParams, body: bodies.update, response: { 200: ShowResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'edit', request.params.id);
    const row = await loadOne(ctx, mod, request.params.id);
    await checkVerdict(ctx, mod, row, 'edit');
    const body = request.body;
    checkFresh(row, body);
    await mod.update(ctx, row, body);
    return showRecord(ctx, mod, await loadOne(ctx, mod, row.id));
  });

  app.delete(`${base}/:id`, { config, schema: { tags, params: IdParams, response: { 200: DeleteResponse, ...refusals } } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'delete', request.params.id);
    const row = await loadOne(ctx, mod, request.params.id);
    await checkVerdict(ctx, mod, row, 'delete');
    await mod.remove(ctx, row);
    return { data: { id: row.id } };
  });
}
