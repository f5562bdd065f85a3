/** Response shape of the verb endpoints: the record as the resource API shows it, with its allowed actions. */
import type { ResourceName } from '../../../core/permissions.js';
import type { RequestActor } from '../../http/context.js';
import type { Executor } from './op-context.js';
import { RESOURCE_MODULES } from '../index.js';
import { presenter, type Row } from '../module.js';
import { actionsMap } from '../record-actions.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';

export async function recordPayload(db: Executor, resource: ResourceName, actor: RequestActor, row: Row, meta: Row = {}) {
  const mod = RESOURCE_MODULES[resource];
  const actions = await actionsMap(mod, [row], actor, db as Kysely<Database>);
  return { data: presenter(mod, actor.role)(row), meta: { actions: actions[String(row.id)] ?? [], ...meta } };
}
