/** Loading records by id within the actor's tenant restriction: a foreign id is simply not found (404). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { notFound, type ServiceContext } from './access.js';
import { BY_ID_VIEW, filteredQuery, type AnyQuery, type ListQuery } from './list-query.js';
import type { ResourceModule, Row } from './module.js';

/** The single-record view of the tenant restriction: what this actor may open by id. */
const RECORD_QUERY: ListQuery = { ...BY_ID_VIEW, recordAccess: true };

/** Loads stored rows by id that the actor may see (tenant rules of the list). */
/** `qb` (a select from the module's table) narrowed to the records the actor may see, as a show by id would. */
export const scopeVisible = <Q extends AnyQuery>(mod: ResourceModule, qb: Q, actor: RequestActor): Q => mod.list.restrict(qb, actor, RECORD_QUERY) as Q;

export async function loadVisible(db: Kysely<Database>, mod: ResourceModule, actor: RequestActor, ids: number[]): Promise<Row[]> {
  if (!ids.length) return [];
  const t = mod.list.table;
  const qb = filteredQuery(db, 'sqlite', mod.list, RECORD_QUERY, actor);
  return (await qb.selectAll(t).where(`${t}.id`, 'in', ids).execute()) as Row[];
}

export async function loadOne(ctx: ServiceContext, mod: ResourceModule, id: number): Promise<Row> {
  const [row] = await loadVisible(ctx.db, mod, ctx.actor, [id]);
  return row ?? notFound();
}

