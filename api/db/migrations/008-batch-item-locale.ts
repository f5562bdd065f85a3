/**
 * The customer's language on batch items (en/es): campaign messages, the respond page and the converted
 * shipment use it. Existing rows become 'en' through the column default.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('batch_items').addColumn('locale', 'text', (c) => c.notNull().defaultTo('en')).execute();
}
