/**
 * Parcel operations (docs/operations-api.md): locker compartments allocated by the local locker service
 * (one row per occupied compartment; the primary key makes a double allocation impossible), the
 * reminder marker the scheduler claims with compare-and-set, and the index of the expiry pass.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('locker_compartments')
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('compartment', 'integer', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.notNull().unique().references('packages.id').onDelete('cascade'))
    .addColumn('shipment_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('reserved'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('locker_compartments_pk', ['location_id', 'compartment'])
    .execute();
  await db.schema.createIndex('locker_compartments_shipment').on('locker_compartments').columns(['shipment_id']).execute();
  // The expires_at the 24 h reminder was sent for: a new expiry (extend-expiry) re-arms it.
  await db.schema.alterTable('packages').addColumn('reminder_sent_for', 'text').execute();
}
