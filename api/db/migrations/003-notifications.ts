/**
 * The notification outbox (docs/notifications.md) and the development transport's message log.
 * Same conventions as 001: integer ids, ISO-8601 UTC text timestamps, JSON as text.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const idType = (dialect === 'postgres' ? 'serial' : 'integer') as 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('outbox')
    .addColumn('id', idType, id)
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id').onDelete('cascade'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The due scan: waiting rows by due time, and claimed rows by lease expiry.
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_lease').on('outbox').columns(['status', 'locked_until']).execute();
  await db.schema.createIndex('outbox_subject').on('outbox').columns(['subject_type', 'subject_id', 'id']).execute();
  await db.schema.createIndex('outbox_merchant').on('outbox').columns(['merchant_id', 'id']).execute();

  // What the development transport "sent", for the superadmin message log (shared by all processes).
  await db.schema
    .createTable('message_log')
    .addColumn('id', idType, id)
    .addColumn('outbox_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('sender', 'text')
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_log_created').on('message_log').columns(['created_at', 'id']).execute();
}
