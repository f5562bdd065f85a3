/**
 * Lockers as a locker network runs them (issue 13, occupancy and "locker full"): doors taken out of service
 * (one row per door, its primary key makes "mark twice" a no-op), and on packages the temporary-storage
 * facts: the locker it was meant for, when it goes back to that locker's route, the expiry it keeps, and
 * the flag a package gets when its door went out of service and no other door of its size was free.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('locker_doors_out')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('compartment', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('actor_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('locker_doors_out_pk', ['location_id', 'compartment'])
    .execute();
  await db.schema.alterTable('packages').addColumn('storage_origin_id', 'integer').execute();
  await db.schema.alterTable('packages').addColumn('storage_return_at', 'text').execute();
  await db.schema.alterTable('packages').addColumn('kept_expires_at', 'text').execute();
  await db.schema.alterTable('packages').addColumn('door_flag', 'text').execute();
  await db.schema.createIndex('packages_storage_return').on('packages').columns(['storage_return_at']).execute();
}
