/**
 * Database sessions (shared by every API process). The cookie holds a random token; the table holds
 * its SHA-256 as the id. Expiry slides by SESSION_TTL_HOURS; the row is touched at most once a minute.
 */
import type { Kysely } from 'kysely';
import { SESSION_TTL_HOURS } from '../../core/constants.js';
import type { Database } from '../db/tables.js';
import { iso, type Clock } from '../clock.js';
import { randomToken, sha256 } from './secrets.js';
import { deleteUnusedPasswordLinks } from './password-links.js';

export const SESSION_COOKIE = 'lockerline_session';
const TTL_MS = SESSION_TTL_HOURS * 3600_000;
const TOUCH_EVERY_MS = 60_000;

export interface SessionRow {
  id: string;
  user_id: number;
  csrf_token: string;
  last_seen_at: string;
  expires_at: string;
}

export async function createSession(
  db: Kysely<Database>,
  clock: Clock,
  userId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; id: string; csrfToken: string }> {
  const token = randomToken();
  const id = sha256(token);
  const csrfToken = randomToken();
  const now = clock.now();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      csrf_token: csrfToken,
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(new Date(now.getTime() + TTL_MS)),
    })
    .execute();
  return { token, id, csrfToken };
}

/** The live session for a cookie token, or undefined (expired rows are deleted on sight). */
export async function findSession(db: Kysely<Database>, clock: Clock, token: string): Promise<SessionRow | undefined> {
  const id = sha256(token);
  const row = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'csrf_token', 'last_seen_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at <= iso(clock.now())) {
    await deleteSession(db, row.id);
    return undefined;
  }
  return row;
}

/** Slides the expiry forward (at most one write a minute per session). */
export async function touchSession(db: Kysely<Database>, clock: Clock, session: SessionRow): Promise<void> {
  const now = clock.now();
  if (now.getTime() - Date.parse(session.last_seen_at) < TOUCH_EVERY_MS) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: iso(now), expires_at: iso(new Date(now.getTime() + TTL_MS)) })
    .where('id', '=', session.id)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/**
 * After a password change (profile, manager edit, reset or create link) or a deactivation: every session of the user
 * but the one making the change, and the user's API tokens, stop working at their next request, and the user's unused
 * password links die (a 7-day invitation must not set another password once one is set).
 */
export async function endOtherSignIns(db: Kysely<Database>, userId: number, keepSessionId?: string): Promise<void> {
  let sessions = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) sessions = sessions.where('id', '<>', keepSessionId);
  await sessions.execute();
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
  await deleteUnusedPasswordLinks(db, userId);
}
