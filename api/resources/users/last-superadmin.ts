/**
 * The last-superadmin guard (core lastSuperadminProblem; docs/permissions.md "User management rules"), held inside
 * the transaction of the user write so that two superadmins demoting, deactivating or deleting each other at the same
 * moment cannot both pass: one wins, the other gets 422 `user.last_superadmin`.
 *
 * - The write itself is conditional: its WHERE also asks that another active superadmin exists
 *   (`anotherActiveSuperadmin`). On SQLite that is enough, even across cluster workers: the statement that writes runs
 *   under the database's one write lock and reads the latest commit.
 * - PostgreSQL (read committed) lets two such UPDATEs of different rows each see the other's row as it was when their
 *   statement began, so both would pass. The transaction first locks the active superadmin rows (FOR UPDATE, in id
 *   order so two transactions never wait on each other in a circle): the second waits for the first to commit, its
 *   lock skips the row the first demoted, and its conditional write then sees the change.
 * - A write that touched no row is refused with core's problem when no other active superadmin remains (counted
 *   again, in the same transaction); otherwise the caller decides (e.g. conflict.stale).
 */
import { type ExpressionBuilder, type Transaction } from 'kysely';
import { DomainError } from '../../../core/errors.js';
import { ACTIVE_SUPERADMIN, lastSuperadminProblem, type UserRecord } from '../../../core/policies/users.policy.js';
import type { Dialect } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { fieldError } from '../validate.js';

type Trx = Transaction<Database>;

/** PostgreSQL: lock the active superadmin rows until the transaction ends (SQLite: one writer at a time already). */
export async function lockActiveSuperadmins(trx: Trx, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', ACTIVE_SUPERADMIN.role)
    .where('active', '=', ACTIVE_SUPERADMIN.active)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The WHERE condition of a guarded write on user `id`: some other user is an active superadmin. */
export const anotherActiveSuperadmin =
  (id: number) =>
  (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.exists(
      eb
        .selectFrom('users as others')
        .select('others.id')
        .where('others.role', '=', ACTIVE_SUPERADMIN.role)
        .where('others.active', '=', ACTIVE_SUPERADMIN.active)
        .where('others.id', '<>', id),
    );

/**
 * The WHERE condition of a delete of user `id` whose row may have changed since it was read: the row is not an active
 * superadmin, or another one exists.
 */
export const keepsAnActiveSuperadmin =
  (id: number) =>
  (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([eb('users.role', '<>', ACTIVE_SUPERADMIN.role), eb('users.active', '<>', ACTIVE_SUPERADMIN.active), anotherActiveSuperadmin(id)(eb)]);

async function otherActiveSuperadmins(trx: Trx, id: number): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', ACTIVE_SUPERADMIN.role)
    .where('active', '=', ACTIVE_SUPERADMIN.active)
    .where('id', '<>', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * After a guarded write changed nothing: throws core's last-superadmin refusal when `record` (as stored now) would be
 * taken away with no other active superadmin left (`next`: as the write would store it; null for a deletion).
 */
export async function refuseIfLastSuperadmin(trx: Trx, record: Pick<UserRecord, 'id' | 'role' | 'active'>, next: { active: boolean; role: number } | null): Promise<void> {
  const problem = lastSuperadminProblem(record, next, await otherActiveSuperadmins(trx, record.id));
  if (!problem) return;
  if (problem.field) fieldError(problem.field, problem.key, problem.code);
  throw new DomainError(problem.code);
}
