/**
 * Writes that keep "one live X per user" (an API token, a password link of a purpose) delete the user's old rows
 * and insert the new one in a transaction. On PostgreSQL two such transactions at once (a double click, two tabs)
 * each delete only what was committed when they started, so both new rows stayed live. Locking the user's row
 * first makes the second wait and then delete the first's row, as one after the other would. SQLite runs one
 * write transaction at a time: nothing to do.
 */
import type { Transaction } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Database } from '../db/tables.js';

export async function lockUserRow(trx: Transaction<Database>, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
