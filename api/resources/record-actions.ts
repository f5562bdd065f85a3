/**
 * Per-record actions: the resource's own verdicts (show/edit/delete with status rules) plus verb actions other
 * modules register (e.g. 'register' on shipments). One evaluation feeds list meta.actions, show meta.actions
 * and GET /api/user/can/:action/:singular.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CanParams, CanQuery, CanResponse } from '../../core/contract/index.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError, type ErrorCode } from '../../core/errors.js';
import { canCrud, crudRoleAllows, resourceBySingular, RESOURCES, actorHasFeature, type ResourceName } from '../../core/permissions.js';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { contextOf } from './access.js';
import { loadVisible } from './records.js';
import { allowedActions, type ResourceModule, type Row, type Verdicts } from './module.js';
import { rawQuery } from './list-query.js';
import { rowFactory } from '../db/database.js';

/** A verb rule: null when the actor may perform it on the row, else the error code that explains why not. */
export type ActionRule = (row: Row, actor: RequestActor) => ErrorCode | null;

/**
 * Verb rules decided together, prepared once per request (actor-dependent parts resolved up front): `decide`
 * answers one verdict per entry of `actions`, in that order (arrays: cheap on long lists).
 */
export type ActionSetRule = (actor: RequestActor) => { actions: readonly string[]; decide: (row: Row) => (ErrorCode | null)[] };

const VERBS = new Map<ResourceName, Map<string, ActionRule>>();
const VERB_SETS = new Map<ResourceName, ActionSetRule[]>();

/** Registers a verb action (called at import time by the module that implements the verb endpoint). */
export function registerRecordAction(resource: ResourceName, action: string, rule: ActionRule): void {
  if (!VERBS.has(resource)) VERBS.set(resource, new Map());
  VERBS.get(resource)!.set(action, rule);
}

/** Registers several verb actions decided together (cheaper on long lists than one rule per action). */
export function registerRecordActionSet(resource: ResourceName, rule: ActionSetRule): void {
  VERB_SETS.set(resource, [...(VERB_SETS.get(resource) ?? []), rule]);
}

export async function allVerdicts(mod: ResourceModule, rows: Row[], actor: RequestActor, db: Kysely<Database>): Promise<Map<number, Verdicts>> {
  const verdicts = await mod.verdicts(rows, actor, db);
  const verbs = [...(VERBS.get(mod.name) ?? [])];
  const sets = (VERB_SETS.get(mod.name) ?? []).map((prepare) => prepare(actor));
  if (!verbs.length && !sets.length) return verdicts;
  // Rows with alike own verdicts and the same verb answers (set rules hand back one array per distinct answer; single
  // rules answer a code or null) share one merged, read-only object: filling 20-odd keys per row was most of a
  // package page's action cost.
  const shared = new Map<string, Verdicts>();
  const answerIds = new Map<unknown, number>();
  const idOf = (answer: unknown) => answerIds.get(answer) ?? answerIds.set(answer, answerIds.size).size - 1;
  for (const row of rows) {
    const own = verdicts.get(row.id) ?? {};
    const answers = sets.map(({ decide }) => decide(row));
    const verbAnswers = verbs.map(([, rule]) => rule(row, actor));
    let key = '';
    for (const action in own) key += `${action}=${own[action] ?? ''},`;
    key += `|${answers.map(idOf).join(',')}|${verbAnswers.join(',')}`;
    let v = shared.get(key);
    if (!v) shared.set(key, (v = mergedVerdicts(own, verbs, verbAnswers, sets, answers)));
    verdicts.set(row.id, v);
  }
  return verdicts;
}

const verdictFactories = new Map<string, (values: readonly unknown[]) => Record<string, unknown>>();

/**
 * One row's own verdicts with the verb answers laid over them, built in one object literal (rowFactory) per list of
 * action names: adding some twenty keys one by one to the row's object was most of a deep shipments page's action cost.
 * The verb rule decides first; a refusal the module's own verdicts give for the verb (from related records the rule
 * cannot see, e.g. a batch item's batch status) stands when the rule allows.
 */
function mergedVerdicts(
  own: Verdicts,
  verbs: [string, ActionRule][],
  verbAnswers: (ErrorCode | null)[],
  sets: { actions: readonly string[] }[],
  answers: (ErrorCode | null)[][],
): Verdicts {
  const names = Object.keys(own);
  const values: (ErrorCode | null)[] = names.map((name) => own[name] ?? null);
  const at = new Map(names.map((name, i) => [name, i]));
  const put = (action: string, answer: ErrorCode | null | undefined) => {
    const i = at.get(action);
    if (i === undefined) {
      at.set(action, names.push(action) - 1);
      values.push(answer ?? null);
    } else values[i] = answer ?? values[i] ?? null;
  };
  verbs.forEach(([action], i) => put(action, verbAnswers[i]));
  sets.forEach(({ actions }, s) => actions.forEach((action, i) => put(action, answers[s]![i])));
  const key = names.join('\u0000');
  let build = verdictFactories.get(key);
  if (!build) verdictFactories.set(key, (build = rowFactory(names)));
  return build(values) as Verdicts;
}

export async function actionsMap(mod: ResourceModule, rows: Row[], actor: RequestActor, db: Kysely<Database>) {
  const verdicts = await allVerdicts(mod, rows, actor, db);
  // Rows sharing a verdicts object (allVerdicts) share its list of allowed actions too.
  const allowed = new Map<Verdicts | undefined, string[]>();
  const map: Record<string, string[]> = {};
  for (const row of rows) {
    const v = verdicts.get(row.id);
    let actions = allowed.get(v);
    if (!actions) allowed.set(v, (actions = allowedActions(v)));
    map[String(row.id)] = actions;
  }
  return map;
}

function idsOf(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : raw === undefined || raw === '' ? [] : [raw];
  if (list.length > 1000) throw new DomainError('bad_request');
  const ids = list.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw new DomainError('bad_request');
  return [...new Set(ids)];
}

export interface CanResult {
  allOk: boolean;
  can: number[];
  cannot: number[];
  reasons: Record<string, string>;
}

/** The user/can answer for a set of ids (ids the actor cannot see count as cannot, reason not_found). */
export async function canOnIds(db: Kysely<Database>, mod: ResourceModule, actor: RequestActor, action: string, ids: number[]): Promise<CanResult> {
  const policy = RESOURCES[mod.name];
  let blanket: ErrorCode | null = null;
  if (policy.feature && !actorHasFeature(actor, policy.feature)) blanket = 'feature_disabled';
  else if (!crudRoleAllows(actor.role, mod.name, 'show') && !canCrud(actor, mod.name, 'list') && !ids.every((id) => mod.permits?.(actor, 'show', id))) blanket = 'forbidden';

  const reasons: Record<string, string> = {};
  const can: number[] = [];
  const cannot: number[] = [];
  const rows = blanket ? [] : await loadVisible(db, mod, actor, ids);
  const verdicts = await allVerdicts(mod, rows, actor, db);
  for (const id of ids) {
    const v = verdicts.get(id);
    const reason = blanket ?? (!v ? 'not_found' : action in v ? v[action] : 'forbidden');
    if (reason) {
      cannot.push(id);
      reasons[String(id)] = reason;
    } else can.push(id);
  }
  return { allOk: cannot.length === 0, can, cannot, reasons };
}

export function registerCanRoute(fastify: FastifyInstance, modules: Record<ResourceName, ResourceModule>) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/user/can/:action/:singular', { config: { guard: { access: 'session' } }, schema: { tags: ['user'], params: CanParams, querystring: CanQuery, response: { 200: CanResponse } } }, async (request) => {
    const ctx = contextOf(request);
    const { action, singular } = request.params;
    const resource = resourceBySingular(singular) ?? (singular in modules ? (singular as ResourceName) : undefined);
    if (!resource) throw new DomainError('not_found');
    const ids = idsOf(rawQuery(request).ids);
    return canOnIds(ctx.db, modules[resource], ctx.actor, action, ids);
  });
}
