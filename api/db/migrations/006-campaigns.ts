/**
 * Campaigns, the customer's page and merchant webhooks (docs/campaigns.md, docs/notifications.md):
 * - response_tokens: customer links (batch items and request-location shipments), stored hashed;
 * - batch_items.campaign_round: a restarted item's round (outbox idempotency keys of its new steps);
 * - webhook_endpoints: one https endpoint per merchant, its signing secret encrypted with APP_SECRET;
 * - webhook_cursor: how far the webhook pass has read the events table.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const idType = (dialect === 'postgres' ? 'serial' : 'integer') as 'integer';
  const id = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable('response_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('response_tokens_subject').on('response_tokens').columns(['subject_type', 'subject_id']).execute();

  await db.schema.alterTable('batch_items').addColumn('campaign_round', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', idType, id)
    .addColumn('merchant_id', 'integer', (c) => c.notNull().unique().references('merchants.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret_encrypted', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_cursor')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_event_id', 'integer', (c) => c.notNull())
    .execute();
}
