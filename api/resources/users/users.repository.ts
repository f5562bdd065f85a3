/** Users: list spec; which users an actor sees is the users policy's scope (core/policies/users.policy.ts). */
import { userScope } from '../../../core/policies/users.policy.js';
import type { Db } from '../access.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const usersList: ListSpec<Row> = {
  resource: 'users',
  table: 'users',
  columns: ['first_name', 'last_name', 'email', 'role', 'active', 'merchant_id', 'locale', 'country', 'created_at', 'updated_at'],
  light: { columns: ['first_name', 'last_name'], name: (r) => `${r.first_name} ${r.last_name}` },
  searchContains: ['first_name', 'last_name', 'email'],
  sorts: LIST_SORTS.users,
  defaultSort: 'id',
  filters: { role: 'int', merchant_id: 'int', active: 'bool', locale: 'text' },
  restrict(qb, actor, q) {
    const scope = userScope(actor);
    if (scope.kind === 'all') return qb;
    const self = (eb: any) => eb('users.id', '=', actor.id);
    if (scope.kind === 'merchant') {
      const own = (eb: any) => eb.and([eb('users.merchant_id', '=', scope.merchant_id), eb('users.role', 'in', scope.roles)]);
      return qb.where((eb: any) => (q.recordAccess ? eb.or([own(eb), self(eb)]) : own(eb)));
    }
    return qb.where(self);
  },
  async decorate(rows, db) {
    await attachNames(db, rows, 'merchant_id', 'merchants', 'merchant_name');
  },
};

export async function locationIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('user_locations').select('location_id').where('user_id', '=', userId).orderBy('location_id').execute()).map((r) => r.location_id);
}

export async function refreshUserCount(db: Db, merchantId: number | null | undefined): Promise<void> {
  if (merchantId == null) return;
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('merchant_id', '=', merchantId).executeTakeFirst();
  await db.updateTable('merchants').set({ user_count: Number(row?.n ?? 0) }).where('id', '=', merchantId).execute();
}
