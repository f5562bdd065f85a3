/**
 * Per-address rate limit of the public endpoints, in the shared throttle table (so every API process
 * counts together): PUBLIC_LIMIT requests per address per window; beyond it 429 public.throttled.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { addressOf, reserve } from '../auth/throttle.js';

export const PUBLIC_LIMIT = 60;

export async function publicRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, clock } = request.server;
  const key = `public:address:${addressOf(request.ip)}`;
  const wait = await reserve(db, clock, key, PUBLIC_LIMIT);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new DomainError('public.throttled');
  }
}
