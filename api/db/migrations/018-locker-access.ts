/**
 * Locker access (issue 13, docs/lockers.md): the pickup code of each package waiting in a locker, the secret
 * each terminal authenticates with, and the couriers' badge codes. Only digests are stored: HMAC-SHA256 with the
 * application secret for the short codes (6-digit pickup codes, 10-digit badges: a bare hash of a number that
 * short is reversed by trying them all), SHA-256 for the long random terminal secrets. Separate tables, so no
 * list or record read of locations or users can ever return a digest.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pickup_codes')
    .addColumn('package_id', 'integer', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Two live codes at one terminal never collide: the issuer draws again on a conflict.
  await db.schema.createIndex('pickup_codes_location_hash').on('pickup_codes').columns(['location_id', 'code_hash']).unique().execute();

  await db.schema
    .createTable('terminal_credentials')
    .addColumn('location_id', 'integer', (c) => c.primaryKey().references('locations.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_badges')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('badge_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The door events list of a terminal reads the events of one location, newest first.
  await db.schema.createIndex('events_location').on('events').columns(['location_id', 'kind', 'id']).execute();
}
