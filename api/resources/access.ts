/**
 * Request-level access helpers shared by every resource: who is acting, may they use this resource at all,
 * and the small context a service needs (database, actor, clock).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { DomainError } from '../../core/errors.js';
import { crudRefusal, type CrudAction, type ResourceName } from '../../core/permissions.js';
import type { RequestActor } from '../http/context.js';
import type { Database } from '../db/tables.js';
import { iso } from '../clock.js';

export type Db = Kysely<Database> | Transaction<Database>;

/** What a resource service needs for one request. */
export interface ServiceContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  actor: RequestActor;
  /** The request's clock reading, ISO-8601 UTC. */
  now: string;
}

export function actorOf(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new DomainError('auth.unauthenticated');
  return request.actor;
}

export function contextOf(request: FastifyRequest): ServiceContext {
  const app = request.server;
  return { app, db: app.db, actor: actorOf(request), now: iso(app.clock.now()) };
}

/** Role first (403 forbidden), then the merchant feature (403 feature_disabled). */
export function ensureCrud(actor: RequestActor, resource: ResourceName, action: CrudAction): void {
  const refusal = crudRefusal(actor, resource, action);
  if (refusal) throw new DomainError(refusal);
}

/** The actor's merchant id, or a 403 for roles without one. */
export function merchantIdOf(actor: RequestActor): number {
  if (actor.merchant_id == null) throw new DomainError('forbidden');
  return actor.merchant_id;
}

export function notFound(): never {
  throw new DomainError('not_found');
}

/** Location ids of a store user (PUDO, warehouse), from the actor or user_locations. */
export async function storeLocationIds(db: Db, actor: RequestActor): Promise<number[]> {
  if (actor.location_ids) return actor.location_ids;
  const rows = await db.selectFrom('user_locations').select('location_id').where('user_id', '=', actor.id).execute();
  return rows.map((r) => r.location_id);
}
