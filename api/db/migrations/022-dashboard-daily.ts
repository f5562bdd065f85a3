/**
 * The dashboard's daily aggregate (issue 15, docs/dashboard.md): one row per network-local day, merchant and
 * location (and the rows summing every merchant or every location, id -1) with the package event counts, the
 * dwell-time histogram and the collections per hour; the primary key (merchant, location, day) and the index
 * (location, day) serve every read. Backfilled
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
    .addPrimaryKeyConstraint('dashboard_daily_pk', ['merchant_id', 'location_id', 'day']);
  const counter = (name: string) => (table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0)));
  for (const name of ['arrived', 'collected', 'returned', 'expired', 'extended', 'rerouted']) counter(name);
  for (let i = 0; i < DWELL_BUCKETS; i++) counter(`dwell_${i}`);
  for (let h = 0; h < 24; h++) counter(`pickups_${h}`);
  await table.execute();
  // The whole network's reads: every merchant's (merchant, ALL) rows of a range.
  await db.schema.createIndex('dashboard_daily_location_day').on('dashboard_daily').columns(['location_id', 'day']).execute();
  await backfillDashboardDaily(db);
}
