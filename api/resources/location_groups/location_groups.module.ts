/**
 * Location groups (superadmin only): a name, unique as merchant names are (shared/unique-name.ts: 422
 * location_group.name_taken), and its locations (location_ids, many-to-many).
 */
import { DomainError } from '../../../core/errors.js';
import type { Db, ServiceContext } from '../access.js';
import type { ListSpec } from '../list-query.js';
import { verdictsFor, type ResourceModule, type Row } from '../module.js';
import { refuseIfInUse } from '../related.js';
import { refuseTakenName } from '../shared/unique-name.js';
import { pick, schemas, validLocationIds, validateOrThrow } from '../validate.js';
import { LIST_SORTS } from '../../../core/lists.js';

const list: ListSpec<Row> = {
  resource: 'location_groups',
  table: 'location_groups',
  columns: ['name', 'created_at', 'updated_at'],
  light: { columns: ['name'], name: (r) => r.name },
  searchContains: ['name'],
  sorts: LIST_SORTS.location_groups,
  defaultSort: 'id',
  filters: {},
  restrict: (qb) => qb, // the role table already limits this resource to superadmins
  async decorate(rows, db) {
    const ids = rows.map((r) => r.id);
    const links = ids.length ? await db.selectFrom('location_group_locations').select(['location_group_id', 'location_id']).where('location_group_id', 'in', ids).execute() : [];
    for (const row of rows) row.location_ids = links.filter((l) => l.location_group_id === row.id).map((l) => l.location_id);
  },
};

async function link(trx: Db, groupId: number, ids: number[] | undefined) {
  if (!ids) return;
  await trx.deleteFrom('location_group_locations').where('location_group_id', '=', groupId).execute();
  if (ids.length) await trx.insertInto('location_group_locations').values(ids.map((location_id) => ({ location_group_id: groupId, location_id }))).execute();
}

export const locationGroupsModule: ResourceModule = {
  name: 'location_groups',
  list,
  verdicts: async (rows, actor) => verdictsFor(rows, actor, 'location_groups', () => ({})),
  async include(ctx: ServiceContext, row: Row) {
    const locations = await ctx.db
      .selectFrom('location_group_locations')
      .innerJoin('locations', 'locations.id', 'location_group_locations.location_id')
      .select(['locations.id', 'locations.name', 'locations.class', 'locations.type'])
      .where('location_group_id', '=', row.id)
      .orderBy('locations.id')
      .execute();
    return { location_ids: locations.map((l) => l.id), locations };
  },
  async create(ctx, body) {
    const values = pick(body, ['name']);
    validateOrThrow(schemas.location_groups.create, values);
    const ids = await validLocationIds(ctx.db, body);
    return ctx.db.transaction().execute(async (trx) => {
      await refuseTakenName(trx, ctx.app.dialect, 'location_groups', values.name);
      const { id } = await trx.insertInto('location_groups').values({ name: values.name as string, created_at: ctx.now, updated_at: ctx.now }).returning('id').executeTakeFirstOrThrow();
      await link(trx, id, ids);
      return { id };
    });
  },
  async update(ctx, row, body) {
    const values = { name: row.name, ...pick(body, ['name']) };
    validateOrThrow(schemas.location_groups.update, values);
    const ids = await validLocationIds(ctx.db, body);
    await ctx.db.transaction().execute(async (trx) => {
      if (body.name !== undefined) await refuseTakenName(trx, ctx.app.dialect, 'location_groups', values.name, { id: row.id, name: row.name });
      const n = await trx.updateTable('location_groups').set({ name: values.name as string, updated_at: ctx.now }).where('id', '=', row.id).where('updated_at', '=', row.updated_at).executeTakeFirst();
      if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
      await link(trx, row.id, ids);
    });
  },
  async remove(ctx, row) {
    await ctx.db.transaction().execute(async (trx) => {
      await refuseIfInUse(trx, 'location_groups', row.id, ctx.actor);
      await trx.deleteFrom('location_group_locations').where('location_group_id', '=', row.id).execute();
      await trx.deleteFrom('location_groups').where('id', '=', row.id).execute();
    });
  },
};
