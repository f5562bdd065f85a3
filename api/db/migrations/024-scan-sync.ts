/**
 * Offline scanning (issue 14, docs/offline-scanning.md): the outcome of every synced scan by its client id (one
 * row per scan the device sent, so a resend is answered from here and never applied again; the primary key makes
 * two concurrent sends of one scan meet), and the device time of an event (`occurred_at`: when the scan happened,
 * next to `created_at`, when the server applied it; null for everything not synced from a device queue).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scan_syncs')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scan_syncs_created').on('scan_syncs').columns(['created_at']).execute();
  await db.schema.alterTable('events').addColumn('occurred_at', 'text').execute();
}
