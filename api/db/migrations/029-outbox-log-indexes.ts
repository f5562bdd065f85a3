/**
 * The message log (GET /api/messages) filters the outbox by status or kind, newest first, and a merchant's webhook
 * deliveries read its webhook rows newest first: the outbox had only (status, next_attempt_at) and (merchant_id, id),
 * so a status or kind filter sorted every matching row (a busy network sends millions) and a merchant's deliveries
 * read all its e-mails and SMS to find its webhooks. Each filter now has an index in the log's order (issue 11:
 * every filter a list accepts is served by an index).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('outbox_status_id').on('outbox').columns(['status', 'id']).execute();
  await db.schema.createIndex('outbox_kind_id').on('outbox').columns(['kind', 'id']).execute();
  await db.schema.createIndex('outbox_kind_merchant_id').on('outbox').columns(['kind', 'merchant_id', 'id']).execute();
}
