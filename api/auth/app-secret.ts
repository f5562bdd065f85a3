/**
 * The application secret signs cookies, CSRF tokens and customer links and encrypts webhook secrets.
 * APP_SECRET wins when set; otherwise one is generated once and kept in the `settings` table, so it
 * survives restarts and every process sharing the database uses the same one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { randomToken } from './secrets.js';

export const APP_SECRET_KEY = 'app_secret';
const KEY = APP_SECRET_KEY;

export async function loadOrCreateAppSecret(db: Kysely<Database>, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('settings')
    .values({ key: KEY, value: randomToken(32) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirstOrThrow();
  return row.value;
}
