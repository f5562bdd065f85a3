/** Personal API tokens: shown once, stored as SHA-256, one live token per user. */
import type { Kysely } from 'kysely';
import type { Database, User } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import { lockUserRow } from './user-lock.js';
import { iso, type Clock } from '../clock.js';
import { randomToken, sha256 } from './secrets.js';

const TOUCH_EVERY_MS = 60_000;

/**
 * Issues a new token for the user, revoking the previous ones; returns the plain token (only now). Two requests at
 * once (a double click, two tabs) leave one live token, the later one's, as one after the other would (lockUserRow).
 */
export async function issueApiToken(db: Kysely<Database>, dialect: Dialect, clock: Clock, userId: number): Promise<string> {
  const token = randomToken(36); // 48 characters
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, dialect, userId);
    await trx.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
    await trx
      .insertInto('api_tokens')
      .values({ user_id: userId, token_hash: sha256(token), name: 'api', created_at: iso(clock.now()), last_used_at: null })
      .execute();
  });
  return token;
}

/** The active user owning the token and the token's id (streams check it is still there), or undefined. */
export async function findApiTokenUser(db: Kysely<Database>, clock: Clock, token: string): Promise<{ user: User; tokenId: number } | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'last_used_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || user.active !== 1) return undefined;
  const now = clock.now();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= TOUCH_EVERY_MS) {
    await db.updateTable('api_tokens').set({ last_used_at: iso(now) }).where('id', '=', row.id).execute();
  }
  return { user, tokenId: row.id };
}

/** Whether the token is still the user's (revoking deletes it: a new token, a password change, signing out everywhere). */
export async function apiTokenStands(db: Kysely<Database>, tokenId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('api_tokens').select('id').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
