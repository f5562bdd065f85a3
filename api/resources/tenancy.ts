/**
 * Tenant restrictions shared by several resources (docs/permissions.md): superadmin and support see every
 * merchant, merchant roles only their own, every other role nothing unless a resource says otherwise.
 */
import { sql } from 'kysely';
import { isAdminRole, isMerchantRole } from '../../core/roles.js';
import type { RequestActor } from '../http/context.js';
import type { AnyQuery } from './list-query.js';

export const nothing = (qb: AnyQuery) => qb.where(sql<boolean>`1 = 0`);

/** Restricts `table.merchant_id` to the actor's merchant for merchant roles. */
export function byMerchant(table: string, others: (qb: AnyQuery, actor: RequestActor) => AnyQuery = nothing) {
  return (qb: AnyQuery, actor: RequestActor): AnyQuery => {
    if (isAdminRole(actor.role)) return qb;
    if (isMerchantRole(actor.role)) return actor.merchant_id == null ? nothing(qb) : qb.where(`${table}.merchant_id`, '=', actor.merchant_id);
    return others(qb, actor);
  };
}

/** Subquery of the location ids a store user works at. */
export const userLocationIds = (actorId: number) => sql`(select location_id from user_locations where user_id = ${actorId})`;
