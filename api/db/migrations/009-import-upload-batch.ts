/**
 * A batch-customer upload (the wizard under /api/batches/:id/items/import) belongs to one batch: its later
 * steps answer 404 under any other batch. Null for shipment uploads. Removed with its batch.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_uploads').addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('cascade')).execute();
}
