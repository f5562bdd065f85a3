/**
 * The initial schema, one set for SQLite and PostgreSQL (DESIGN.md section 2).
 * Conventions: integer ids, booleans as 0/1 integers, timestamps as ISO-8601 UTC text
 * (sortable, identical in both dialects), JSON as text. See docs/database.md.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../dialect.js';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const realType = dialect === 'postgres' ? 'double precision' : 'real';
  const blobType = dialect === 'postgres' ? 'bytea' : 'blob';

  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', idType as 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()));
  const timestamps = (t: Table) =>
    t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());
  const flag = (t: Table, name: string, dflt: 0 | 1) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));

  await timestamps(
    table('merchants')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('token', 'text', (c) => c.unique())
      .addColumn('secret_hash', 'text')
      .addColumn('fetch_service', 'text')
      .addColumn('features', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('channels', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('branding', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('payment_url', 'text')
      .addColumn('email_templates', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('notification_events', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('content_types', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('default_content_type', 'text')
      .addColumn('user_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await timestamps(
    table('locations')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('class', 'text', (c) => c.notNull())
      .addColumn('locker_service', 'text')
      .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hours', 'text')
      .addColumn('zone', 'text')
      .addColumn('route', 'text')
      .addColumn('timezone', 'text')
      .addColumn('latitude', realType as 'real')
      .addColumn('longitude', realType as 'real')
      .addColumn('what3words', 'text')
      .addColumn('image', 'text')
      .addColumn('secure_access_key', 'text')
      .addColumn('terminal', 'text')
      .addColumn('storage_days', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('package_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('address_company', 'text')
      .addColumn('address_description', 'text')
      .addColumn('address_street', 'text')
      .addColumn('address_house_number', 'text')
      .addColumn('address_locality', 'text')
      .addColumn('address_postcode', 'text')
      .addColumn('address_state', 'text')
      .addColumn('address_country', 'text', (c) => c.notNull().defaultTo('BS')),
  ).execute();
  await db.schema.createIndex('locations_type_id').on('locations').columns(['type', 'id']).execute();
  await db.schema.createIndex('locations_merchant').on('locations').columns(['merchant_id']).execute();

  await timestamps(table('location_groups').addColumn('name', 'text', (c) => c.notNull())).execute();
  await db.schema
    .createTable('location_group_locations')
    .addColumn('location_group_id', 'integer', (c) => c.notNull().references('location_groups.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('location_group_locations_pk', ['location_group_id', 'location_id'])
    .execute();
  await db.schema
    .createTable('merchant_location_groups')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id').onDelete('cascade'))
    .addColumn('location_group_id', 'integer', (c) => c.notNull().references('location_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('merchant_location_groups_pk', ['merchant_id', 'location_group_id'])
    .execute();

  await timestamps(
    table('users')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('role', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('BS'))
      .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}')),
  ).execute();
  await db.schema.createIndex('users_merchant').on('users').columns(['merchant_id', 'id']).execute();
  await db.schema
    .createTable('user_locations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_locations_pk', ['user_id', 'location_id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();

  await table('api_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  await table('password_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await timestamps(
    table('manifests')
      .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('delivery_attempted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shipment_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('package_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('manifests_merchant').on('manifests').columns(['merchant_id', 'id']).execute();

  await timestamps(
    flag(
      table('batches')
        .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
        .addColumn('name', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('type', 'text', (c) => c.notNull().defaultTo('standard'))
        .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pickup_location_id', 'integer', (c) => c.references('locations.id'))
        .addColumn('features', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('packages_small', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('packages_medium', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('packages_large', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('packages_oversized', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('contents', 'text')
        .addColumn('notification_message', 'text')
        .addColumn('reminder_message', 'text')
        .addColumn('final_reminder_message', 'text')
        .addColumn('offset', 'integer', (c) => c.notNull().defaultTo(30))
        .addColumn('reminder_count', 'integer', (c) => c.notNull().defaultTo(4))
        .addColumn('reminder_interval', 'integer', (c) => c.notNull().defaultTo(7))
        .addColumn('channels', 'integer', (c) => c.notNull().defaultTo(3))
        .addColumn('created_by', 'integer', (c) => c.references('users.id')),
      'custom_final_reminder',
      0,
    ),
  ).execute();
  await db.schema.createIndex('batches_merchant').on('batches').columns(['merchant_id', 'id']).execute();

  await timestamps(
    table('shipments')
      .addColumn('reference_id', 'text', (c) => c.notNull().unique())
      .addColumn('external_reference_id', 'text')
      .addColumn('type', 'text', (c) => c.notNull().defaultTo('standard'))
      .addColumn('payment_type', 'text', (c) => c.notNull().defaultTo('prepaid'))
      .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id'))
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('BS'))
      .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('pickup_location_id', 'integer', (c) => c.references('locations.id'))
      .addColumn('dropoff_location_id', 'integer', (c) => c.references('locations.id'))
      .addColumn('contents', 'text')
      .addColumn('batch_id', 'integer', (c) => c.references('batches.id'))
      .addColumn('manifest_id', 'integer', (c) => c.references('manifests.id'))
      .addColumn('package_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pickup_requested_at', 'text'),
  ).execute();
  await db.schema.createIndex('shipments_updated').on('shipments').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('shipments_merchant_updated').on('shipments').columns(['merchant_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('shipments_status_updated').on('shipments').columns(['status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('shipments_merchant_status_updated').on('shipments').columns(['merchant_id', 'status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('shipments_merchant_external').on('shipments').columns(['merchant_id', 'external_reference_id']).execute();

  await timestamps(
    table('packages')
      .addColumn('barcode', 'text', (c) => c.notNull().unique())
      .addColumn('size', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text')
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
      .addColumn('location_id', 'integer', (c) => c.references('locations.id'))
      .addColumn('dropoff_location_id', 'integer', (c) => c.references('locations.id'))
      .addColumn('driver_id', 'integer', (c) => c.references('users.id'))
      .addColumn('manifest_id', 'integer', (c) => c.references('manifests.id'))
      .addColumn('consolidated_to_id', 'integer', (c) => c.references('packages.id'))
      .addColumn('locker_number', 'text')
      .addColumn('available_at', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('is_rerouted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_consolidated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_consolidation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('missing', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_unpaid', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('packages_shipment').on('packages').columns(['shipment_id']).execute();
  await db.schema.createIndex('packages_id_merchant').on('packages').columns(['merchant_id', 'id']).execute();
  await db.schema.createIndex('packages_status_id').on('packages').columns(['status', 'id']).execute();
  await db.schema.createIndex('packages_merchant_status_id').on('packages').columns(['merchant_id', 'status', 'id']).execute();
  await db.schema.createIndex('packages_location').on('packages').columns(['location_id', 'status']).execute();
  await db.schema.createIndex('packages_dropoff').on('packages').columns(['dropoff_location_id', 'status']).execute();
  await db.schema.createIndex('packages_manifest').on('packages').columns(['manifest_id']).execute();
  await db.schema.createIndex('packages_expires').on('packages').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('package_images')
    .addColumn('package_id', 'integer', (c) => c.primaryKey().references('packages.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', blobType as 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await timestamps(
    table('batch_items')
      .addColumn('batch_id', 'integer', (c) => c.notNull().references('batches.id').onDelete('cascade'))
      .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('offset_date', 'text')
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('full_phone_number', 'text')
      .addColumn('country', 'text', (c) => c.notNull().defaultTo('BS'))
      .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_notified_at', 'text')
      .addColumn('next_notification_at', 'text')
      .addColumn('pickup_location_id', 'integer', (c) => c.references('locations.id'))
      .addColumn('shipment_id', 'integer', (c) => c.references('shipments.id'))
      .addColumn('credit_card', 'text')
      .addColumn('response_token_hash', 'text'),
  ).execute();
  await db.schema.createIndex('batch_items_batch').on('batch_items').columns(['batch_id', 'id']).execute();
  await db.schema.createIndex('batch_items_due').on('batch_items').columns(['status', 'next_notification_at']).execute();

  await table('events')
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('location_id', 'integer')
    .addColumn('reason', 'text')
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_subject').on('events').columns(['subject_type', 'subject_id', 'id']).execute();

  void sql;
}
