/**
 * Indexes for the resource lists' tenant restrictions (docs/resources.md): drivers see the packages they carry
 * (driver_id) or that await pickup (status, already indexed); batch items are filtered by merchant.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('packages_driver_status').on('packages').columns(['driver_id', 'status']).execute();
  await db.schema.createIndex('batch_items_merchant').on('batch_items').columns(['merchant_id', 'id']).execute();
}
