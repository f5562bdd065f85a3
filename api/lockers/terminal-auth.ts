/**
 * A locker terminal (its kiosk) authenticates with its own secret, not a staff session:
 * `Authorization: Terminal <secret>` on /api/terminals/:location_id/... The secret is created with the
 * terminal, shown once, rotatable (api/lockers/staff.routes.ts) and stored as SHA-256 (terminal_credentials).
 * A secret of one location never opens another's: the digest is looked up for the location in the path.
 */
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { randomToken, safeEqual, sha256 } from '../auth/secrets.js';
import type { Location } from '../db/tables.js';
import type { Executor } from '../resources/shared/op-context.js';
import { declaresGuard } from '../plugins/route-guard.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The locker location whose terminal credential authenticated the request. */
    terminal?: Location;
  }
}

function terminalSecretOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Terminal\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The guard of every terminal route: 401 locker.terminal_unauthenticated unless the secret is this location's. */
export const requireTerminal = declaresGuard({ access: 'terminal' }, async (request: FastifyRequest): Promise<void> => {
  const id = Number((request.params as { location_id?: string }).location_id);
  const secret = terminalSecretOf(request);
  if (!secret || !Number.isInteger(id) || id < 1) throw new DomainError('locker.terminal_unauthenticated');
  const { db } = request.server;
  const row = await db
    .selectFrom('terminal_credentials')
    .innerJoin('locations', 'locations.id', 'terminal_credentials.location_id')
    .selectAll('locations')
    .select('terminal_credentials.secret_hash')
    .where('terminal_credentials.location_id', '=', id)
    .executeTakeFirst();
  if (!row || !safeEqual(sha256(secret), row.secret_hash) || row.active !== 1) throw new DomainError('locker.terminal_unauthenticated');
  const { secret_hash: _digest, ...location } = row;
  request.terminal = location;
});

/** The terminal this request authenticated as (set by requireTerminal). */
export function terminalOf(request: FastifyRequest): Location {
  if (!request.terminal) throw new DomainError('locker.terminal_unauthenticated');
  return request.terminal;
}

/** Gives the terminal a new secret (the old one stops working at once) and answers it: the only time it is shown. */
export async function rotateTerminalSecret(db: Executor, locationId: number, actorId: number | null, now: string): Promise<string> {
  const secret = `tl_${randomToken(24)}`;
  const values = { location_id: locationId, secret_hash: sha256(secret), created_by: actorId, created_at: now };
  await db
    .insertInto('terminal_credentials')
    .values(values)
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ secret_hash: values.secret_hash, created_by: actorId, created_at: now }))
    .execute();
  return secret;
}
