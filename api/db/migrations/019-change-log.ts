/**
 * The change log of the live screens (docs/live-updates.md): one row per insert, update or delete of a record the
 * screens list, written by triggers in the same transaction as the change (so every path writes it: CRUD, verbs,
 * imports, jobs, the CLI), with the record's merchant at the time. Monotonic ids are the events' ids of
 * `GET /api/events/stream` (Last-Event-ID); rows older than an hour are pruned (api/events/change-log.ts).
 * PostgreSQL: the trigger also NOTIFYs `lockerline_changes` (delivered at commit, folded per transaction), which
 * wakes every API process's reader at once.
 */
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

/** The live resources when this migration was written (core LIVE_RESOURCES) and the channel api/events/change-log.ts listens on. */
const CHANGE_TABLES = ['shipments', 'packages', 'manifests', 'batches', 'batch_items', 'locations'];
const CHANGE_CHANNEL = 'lockerline_changes';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await db.schema
    .createTable('change_log')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('merchant_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('change_log_created_at').on('change_log').column('created_at').execute();

  const now = pg ? `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  if (pg) {
    await sql
      .raw(
        `create function change_log_write() returns trigger language plpgsql as $$
        declare r record;
        begin
          if tg_op = 'DELETE' then r := old; else r := new; end if;
          insert into change_log (resource, record_id, merchant_id, created_at) values (tg_table_name, r.id, r.merchant_id, ${now});
          perform pg_notify('${CHANGE_CHANNEL}', '');
          return null;
        end $$`,
      )
      .execute(db);
    for (const table of CHANGE_TABLES) {
      await sql.raw(`create trigger ${table}_change_log after insert or update or delete on ${table} for each row execute function change_log_write()`).execute(db);
    }
    return;
  }
  for (const table of CHANGE_TABLES) {
    for (const [op, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create trigger ${table}_change_log_${op} after ${op} on ${table} begin
            insert into change_log (resource, record_id, merchant_id, created_at) values ('${table}', ${row}.id, ${row}.merchant_id, ${now});
          end`,
        )
        .execute(db);
    }
  }
}
