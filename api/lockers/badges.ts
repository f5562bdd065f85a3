/**
 * Courier badge codes (docs/lockers.md): one per driver, created and revoked by support on the user page, shown
 * once, stored as an HMAC digest (staff_badges). A badge signs its courier in at a kiosk for one request at a
 * time: every courier request carries it, so a revoked badge or a deactivated driver stops working at once.
 */
import type { Kysely } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { isBadgeCode, mayHoldBadge } from '../../core/policies/locker-access.policy.js';
import { loadActor } from '../auth/actor.js';
import type { Database, User } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import type { Executor } from '../resources/shared/op-context.js';
import { badgeDigest, lockerSecret, newBadgeCode } from './locker-keys.js';

/** Gives the driver a new badge (replacing any old one) and answers its code: the only time it is shown. */
export async function createBadge(db: Kysely<Database>, user: User, actorId: number | null, now: string): Promise<string> {
  if (!mayHoldBadge(user)) throw new DomainError('locker.not_a_courier');
  const secret = await lockerSecret(db);
  for (let i = 0; i < 20; i++) {
    const code = newBadgeCode();
    const badge_hash = badgeDigest(secret, code);
    const taken = await db.selectFrom('staff_badges').select('user_id').where('badge_hash', '=', badge_hash).executeTakeFirst();
    if (taken) continue;
    await db
      .insertInto('staff_badges')
      .values({ user_id: user.id, badge_hash, created_by: actorId, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ badge_hash, created_by: actorId, created_at: now }))
      .execute();
    return code;
  }
  throw new Error('badge: no free code after repeated draws');
}

export async function revokeBadge(db: Executor, userId: number): Promise<boolean> {
  const res = await db.deleteFrom('staff_badges').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** When the user's badge was created, or null without one (the user page shows it; never the code). */
export async function badgeCreatedAt(db: Executor, userId: number): Promise<string | null> {
  return (await db.selectFrom('staff_badges').select('created_at').where('user_id', '=', userId).executeTakeFirst())?.created_at ?? null;
}

/** The courier a badge code belongs to, as an actor; undefined for an unknown, revoked or no longer valid badge. */
export async function courierByBadge(db: Kysely<Database>, code: unknown): Promise<RequestActor | undefined> {
  if (!isBadgeCode(code)) return undefined;
  const digest = badgeDigest(await lockerSecret(db), code);
  const user = await db.selectFrom('staff_badges').innerJoin('users', 'users.id', 'staff_badges.user_id').selectAll('users').where('staff_badges.badge_hash', '=', digest).executeTakeFirst();
  if (!user || !mayHoldBadge(user)) return undefined;
  return loadActor(db, user as User, 'token');
}
