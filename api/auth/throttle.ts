/**
 * Fixed-window counters in the `throttle` table (shared by every API process), used for sign-in and the
 * public endpoints. An attempt is reserved before the work it guards (one upsert that increments and returns
 * the count), so parallel requests cannot all pass a check made before any of them counted. Sign-in:
 * failures count per address, then per account *from that address*; a success clears the account's counter
 * and gives the address its attempt back. An account is never locked for everyone: a guesser who knows
 * only a victim's e-mail locks that account for their own address, not for the victim's.
 */
import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { LOGIN_THROTTLE } from '../../core/constants.js';
import type { Database } from '../db/tables.js';
import { iso, type Clock } from '../clock.js';

const WINDOW_MS = LOGIN_THROTTLE.windowSeconds * 1000;
/** One address may serve several people (an office behind NAT), so it gets a larger allowance. */
export const LOGIN_LIMITS = { account: LOGIN_THROTTLE.maxAttempts, address: LOGIN_THROTTLE.maxAttempts * 4 } as const;

/**
 * The address a limit counts by: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d), an
 * IPv6 address by its /64 network, the smallest block a subscriber gets (one host may use any address of it, so
 * counting each address apart would give it 2^64 allowances).
 */
export function addressOf(ip: string): string {
  const address = ip.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
}

export const addressKey = (ip: string) => `login:address:${addressOf(ip)}`;
/** An account's failures from one address (not the account's alone: that would let anyone lock anyone out). */
export const accountKey = (email: string, ip: string) => `login:account:${email.trim().toLowerCase()}|${addressOf(ip)}`;

/**
 * Counts one attempt on the key, atomically (a window older than WINDOW_MS starts over), and answers the
 * seconds until the key may try again: 0 when this attempt is within the limit.
 */
export async function reserve(db: Kysely<Database>, clock: Clock, key: string, limit: number, windowMs = WINDOW_MS): Promise<number> {
  const now = clock.now();
  const staleBefore = iso(new Date(now.getTime() - windowMs));
  const fresh = sql<boolean>`throttle.window_start > ${staleBefore}`;
  const row = await db
    .insertInto('throttle')
    .values({ key, window_start: iso(now), hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN ${fresh} THEN throttle.hits + 1 ELSE 1 END`,
        window_start: sql<string>`CASE WHEN ${fresh} THEN throttle.window_start ELSE ${iso(now)} END`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (Number(row.hits) <= limit) return 0;
  const endsAt = Date.parse(row.window_start) + windowMs;
  return Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000));
}

/** Gives back an attempt reserved on the key (a sign-in that succeeded is not a failure of its address). */
export async function release(db: Kysely<Database>, key: string): Promise<void> {
  await db.updateTable('throttle').set((eb) => ({ hits: eb('hits', '-', 1) })).where('key', '=', key).where('hits', '>', 0).execute();
}

export async function clear(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}
