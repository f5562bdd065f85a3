/** What an operation needs: the database, its dialect, the clock reading and who acts (a user or the system). */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { ALL_FEATURES } from '../../../core/features.js';
import { SYSTEM_ACTOR, type MachineActor } from '../../../core/machines/index.js';
import { isMerchantRole } from '../../../core/roles.js';
import type { Database } from '../../db/tables.js';
import type { Dialect } from '../../db/dialect.js';
import type { RequestActor } from '../../http/context.js';
import { signedInActor } from '../../plugins/auth.js';

export type Executor = Kysely<Database> | Transaction<Database>;

export interface OpContext {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Date;
  /** The signed-in user; null for the system actor (scheduler, locker callbacks). */
  actor: RequestActor | null;
}

export function opContext(request: FastifyRequest): OpContext {
  const app = request.server;
  return { db: app.db, dialect: app.dialect, now: app.clock.now(), actor: signedInActor(request) };
}

export function systemContext(db: Kysely<Database>, dialect: Dialect, now: Date): OpContext {
  return { db, dialect, now, actor: null };
}

/** The actor as the state machines see it. */
export function machineActor(actor: RequestActor | null): MachineActor {
  return actor ? { id: actor.id, role: actor.role, location_ids: actor.location_ids ?? [] } : SYSTEM_ACTOR;
}

/** Features a request actor brings: merchant roles their merchant's, everyone else every feature. */
export const actorFeatures = (actor: RequestActor | null) => (actor && isMerchantRole(actor.role) ? actor.features : ALL_FEATURES);

export const actorId = (ctx: OpContext) => ctx.actor?.id ?? null;

/** A timestamp strictly after `previous`, so a compare-and-set on updated_at always moves the version. */
export function nextStamp(now: Date, previous: string | null | undefined): string {
  const prev = previous ? Date.parse(previous) : NaN;
  return new Date(Number.isFinite(prev) && prev >= now.getTime() ? prev + 1 : now.getTime()).toISOString();
}
