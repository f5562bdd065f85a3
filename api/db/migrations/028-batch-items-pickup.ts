/**
 * Deleting a location asks whether batch items (campaign customers) pick up there (core IN_USE_REFERENCES, the delete's
 * record.in_use check, api/resources/related.ts): `batch_items.pickup_location_id` had no index, so every such delete
 * read every batch item of every merchant inside its write transaction (a million: ~0.1-0.2 s of a held process).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('batch_items_pickup').on('batch_items').columns(['pickup_location_id']).execute();
}
