/**
 * The dashboard's daily aggregate (issue 15, docs/dashboard.md): one row per network-local day, merchant and
 * location with the package event counts, the dwell-time histogram and the collections per hour. Backfilled
 * here from the events already recorded (the same code that keeps it afterwards).
 */
import type { Kysely } from 'kysely';
import { DWELL_BUCKETS } from '../../../core/dashboard.js';
import { backfillDashboardDaily } from '../../resources/dashboard/dashboard-aggregate.js';

export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('dashboard_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'integer', (c) => c.notNull())
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_daily_pk', ['day', 'merchant_id', 'location_id']);
  const counter = (name: string) => (table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0)));
  for (const name of ['arrived', 'collected', 'returned', 'expired', 'extended', 'rerouted']) counter(name);
  for (let i = 0; i < DWELL_BUCKETS; i++) counter(`dwell_${i}`);
  for (let h = 0; h < 24; h++) counter(`pickups_${h}`);
  await table.execute();
  await db.schema.createIndex('dashboard_daily_merchant').on('dashboard_daily').columns(['merchant_id', 'day']).execute();
  await db.schema.createIndex('dashboard_daily_location').on('dashboard_daily').columns(['location_id', 'day']).execute();
  await backfillDashboardDaily(db);
}
