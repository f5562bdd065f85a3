/**
 * The limits of one terminal (core PICKUP_CODE), in the shared throttle table so every API process counts
 * together: attempts per minute (429 locker.rate_limited), and wrong codes per lock window, after which the
 * terminal's code entry answers locker.code_locked until the window ends (a check is reserved before it runs and
 * given back when right, like sign-in). Badges have their own wrong counter,
 * so a guesser locking the customers' code entry does not lock the couriers out (and the other way round).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { PICKUP_CODE } from '../../core/policies/locker-access.policy.js';
import { release, reserve } from '../auth/throttle.js';

const MINUTE_MS = 60_000;
const LOCK_MS = PICKUP_CODE.lockWindowSeconds * 1000;
export type WrongKind = 'code' | 'badge';
const wrongKey = (locationId: number, kind: WrongKind) => `terminal:wrong-${kind}:${locationId}`;

/** Counts one attempt of the terminal; throws the coded 429 when it is over its per-minute allowance. */
export async function countAttempt(request: FastifyRequest, reply: FastifyReply, locationId: number): Promise<void> {
  const { db, clock } = request.server;
  const wait = await reserve(db, clock, `terminal:attempts:${locationId}`, PICKUP_CODE.attemptsPerMinute, MINUTE_MS);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new DomainError('locker.rate_limited', undefined, { params: { smart_count: wait } });
  }
}

/**
 * Reserves one code (or badge) check against the terminal's wrong counter before the check runs, so parallel
 * guesses cannot all pass a count taken before any of them was counted; throws locker.code_locked when the
 * window's allowance is used up, saying how long is really left of the window (minutes, and Retry-After in
 * seconds): before, it always said the whole window ("15 minutes") however little of it was left.
 * A right code gives its reservation back (giveBack).
 */
export async function reserveCheck(request: FastifyRequest, reply: FastifyReply, locationId: number, kind: WrongKind): Promise<void> {
  const { db, clock } = request.server;
  const wait = await reserve(db, clock, wrongKey(locationId, kind), PICKUP_CODE.maxWrong, LOCK_MS);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new DomainError('locker.code_locked', undefined, { params: { smart_count: Math.ceil(wait / 60) } });
  }
}

/** The check was right: it is not a wrong try. */
export async function giveBack(request: FastifyRequest, locationId: number, kind: WrongKind): Promise<void> {
  await release(request.server.db, wrongKey(locationId, kind));
}
