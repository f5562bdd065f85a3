/**
 * A name unique across the network (core/policies/unique-names.ts: merchants, location groups): refuses a create or
 * rename to a name another record of the table already has, 422 with the resource's code on `name`, in the user's
 * language. A record that keeps its name (as the edit form sends it back, or re-cased) is never refused, even when it
 * shares it with another record stored before the rule: only a new name must be free.
 *
 * Asked inside the write's transaction. On PostgreSQL the transaction first takes an advisory lock of the table's
 * own (held until it ends), so two writes of one name at once cannot both pass the check; SQLite runs one write
 * transaction at a time. Every name is read: the rule folds case beyond ASCII, which SQLite's lower() does not, and
 * these tables are small. No unique index backs it (an index cannot express the fold, and rows stored before the
 * rule may share a name).
 */
import { sql } from 'kysely';
import { nameTakenBy, sameName, UNIQUE_NAMES, type UniqueNameResource } from '../../../core/policies/unique-names.js';
import type { Dialect } from '../../db/dialect.js';
import type { Db } from '../access.js';
import { fieldError } from '../validate.js';

/** The PostgreSQL advisory lock each table's name writes hold for their transaction (any constants: "LLMN", "LLGN"). */
const LOCKS: Record<UniqueNameResource, number> = { merchants: 0x4c4c4d4e, location_groups: 0x4c4c474e };

/** `self`: the record being renamed (its id and stored name); none on create. */
export async function refuseTakenName(trx: Db, dialect: Dialect, table: UniqueNameResource, name: unknown, self?: { id: number; name: string }): Promise<void> {
  if (typeof name !== 'string' || (self && sameName(name, self.name))) return;
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${LOCKS[table]})`.execute(trx);
  const rows = await trx.selectFrom(table).select(['id', 'name']).execute();
  if (nameTakenBy(name, rows, self?.id)) {
    const code = UNIQUE_NAMES[table];
    fieldError('name', `errors.${code}`, code);
  }
}
