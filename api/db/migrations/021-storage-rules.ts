/**
 * Storage rules per location (issue 13): the unit of the hold time (storage_days counts days, business days
 * or hours), the reminder lead, the extension policy and the end action. Defaults are the behaviour before
 * the rules existed: calendar days, reminder 24 h before, unlimited 24 h extensions at any time, and an
 * expired package waits for someone to make it retrievable.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const add = (name: string, type: 'text' | 'integer', fill?: string | number) =>
    db.schema.alterTable('locations').addColumn(name, type, (c) => (fill === undefined ? c : c.notNull().defaultTo(fill))).execute();
  await add('storage_unit', 'text', 'days');
  await add('storage_reminder_hours', 'integer', 24);
  await add('storage_extensions_max', 'integer');
  await add('storage_extension_hours', 'integer', 24);
  await add('storage_extension_after_hours', 'integer', 0);
  await add('storage_end_action', 'text', 'manual');
}
