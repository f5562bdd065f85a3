/**
 * Shipment lists ask whether a listed draft was converted from a batch item (its delete verdict: record.in_use):
 * `batch_items.shipment_id` had no index, so every such question scanned batch_items. PostgreSQL lists ask it inside
 * the page's own statement, once per listed row (ListSpec.pageExtras).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('batch_items_shipment').on('batch_items').columns(['shipment_id']).execute();
}
