/**
 * One set of thin CRUD routes for every resource: role + feature check, tenant-scoped load (foreign ids
 * answer 404), per-record verdicts, optimistic concurrency, field masks, meta.actions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { canPick } from '../../core/permissions.js';
import type { RequestActor } from '../http/context.js';
import { contextOf, ensureCrud, type ServiceContext } from './access.js';
import { parseListQuery, rawQuery, runList } from './list-query.js';
import { loadOne } from './records.js';
import { allowedActions, presenter, type ResourceModule, type Row } from './module.js';
import { actionsMap, allVerdicts } from './record-actions.js';
import { idParams, listQuerystring } from './schemas.js';

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

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

function bodyOf(request: FastifyRequest): Row {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new DomainError('bad_request', 'body must be an object');
  return body as Row;
}

export function registerCrudRoutes(app: FastifyInstance, mod: ResourceModule) {
  const base = `/${mod.name}`;
  const tags = [mod.name];
  const config = { guard: { crud: mod.name } };

  app.get(base, { config, schema: { tags, querystring: listQuerystring } }, async (request) => {
    const ctx = contextOf(request);
    const raw = rawQuery(request);
    const picker = canPick(ctx.actor.role, mod.name) && (raw.light === '1' || raw.light === 'true');
    if (!picker) ensureCrud(ctx.actor, mod.name, 'list');
    const q = parseListQuery(mod.list, raw, ctx.actor.role);
    const spec = { ...mod.list, actions: (rows: Row[]) => actionsMap(mod, rows, ctx.actor, ctx.db) };
    return runList(ctx.db, app.dialect, spec, q, ctx.actor, presenter(mod, ctx.actor.role));
  });

  app.get(`${base}/:id`, { config, schema: { tags, params: idParams } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'show', idOf(request));
    return showRecord(ctx, mod, await loadOne(ctx, mod, idOf(request)));
  });

  app.post(base, { config, schema: { tags } }, async (request, reply) => {
    const ctx = contextOf(request);
    ensureCrud(ctx.actor, mod.name, 'create');
    const { id, extra } = await mod.create(ctx, bodyOf(request));
    const shown = await showRecord(ctx, mod, await loadOne(ctx, mod, id));
    reply.code(201);
    return extra ? { ...shown, data: { ...shown.data, ...extra } } : shown;
  });

  app.put(`${base}/:id`, { config, schema: { tags, params: idParams } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'edit', idOf(request));
    const row = await loadOne(ctx, mod, idOf(request));
    await checkVerdict(ctx, mod, row, 'edit');
    const body = bodyOf(request);
    checkFresh(row, body);
    await mod.update(ctx, row, body);
    return showRecord(ctx, mod, await loadOne(ctx, mod, row.id));
  });

  app.delete(`${base}/:id`, { config, schema: { tags, params: idParams } }, async (request) => {
    const ctx = contextOf(request);
    ensureAction(mod, ctx.actor, 'delete', idOf(request));
    const row = await loadOne(ctx, mod, idOf(request));
    await checkVerdict(ctx, mod, row, 'delete');
    await mod.remove(ctx, row);
    return { data: { id: row.id } };
  });
}
