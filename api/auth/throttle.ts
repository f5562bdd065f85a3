/**
 * Fixed-window counters in the `throttle` table (shared by every API process), used for sign-in:
 * failures count per account and per address; a success clears the account's counter.
 */
import type { Kysely } from 'kysely';
import { LOGIN_THROTTLE } from '../../core/constants.js';
import type { Database } from '../db/tables.js';
import { iso, type Clock } from '../clock.js';

const WINDOW_MS = LOGIN_THROTTLE.windowSeconds * 1000;
/** One address may serve several people (an office behind NAT), so it gets a larger allowance. */
export const LOGIN_LIMITS = { account: LOGIN_THROTTLE.maxAttempts, address: LOGIN_THROTTLE.maxAttempts * 4 } as const;

export const accountKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;

/** Seconds until the key may try again, or 0 when it is under its limit. */
export async function retryAfter(db: Kysely<Database>, clock: Clock, key: string, limit: number): Promise<number> {
  const row = await db.selectFrom('throttle').select(['window_start', 'hits']).where('key', '=', key).executeTakeFirst();
  if (!row) return 0;
  const endsAt = Date.parse(row.window_start) + WINDOW_MS;
  const now = clock.now().getTime();
  if (endsAt <= now || row.hits < limit) return 0;
  return Math.max(1, Math.ceil((endsAt - now) / 1000));
}

export async function hit(db: Kysely<Database>, clock: Clock, key: string): Promise<void> {
  const now = clock.now();
  const staleBefore = iso(new Date(now.getTime() - WINDOW_MS));
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('throttle').select(['window_start']).where('key', '=', key).executeTakeFirst();
    if (row && row.window_start > staleBefore) {
      await trx.updateTable('throttle').set((eb) => ({ hits: eb('hits', '+', 1) })).where('key', '=', key).execute();
    } else {
      await trx
        .insertInto('throttle')
        .values({ key, window_start: iso(now), hits: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: iso(now), hits: 1 }))
        .execute();
    }
  });
}

export async function clear(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
