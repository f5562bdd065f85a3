/**
 * The dashboard charts' reads (docs/dashboard.md). Flow, rates, dwell and heatmap sum rows of the daily
 * aggregate (`dashboard_daily`: one row per day, merchant and location, primary key led by day, indexes led by
 * merchant and by location); utilisation counts held locker doors; exceptions read packages and the outbox by
 * their status indexes. `scope.merchantId` is the tenant scope, set by the route (never from a merchant's input).
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { DWELL_BUCKET_HOURS, DWELL_BUCKETS, EXCEPTION_MESSAGE_STATUSES, EXCEPTION_PACKAGE_STATUSES, NETWORK_TIME_ZONE, exceptionKindOf, daysOf, percentileHours, rate, utilisationFlag, weekdayOf } from '../../../core/dashboard.js';
import { hasOccupancyGrid } from '../../../core/policies/lockers.policy.js';
import type { DashboardDwell, DashboardExceptions, DashboardFlow, DashboardHeatmap, DashboardRates, DashboardUtilisation } from '../../../core/contract/index.js';
import type { Database } from '../../db/tables.js';
import { parseTerminal } from '../../providers/locker/local-locker.js';
import { layoutDoors } from '../../lockers/doors.repository.js';
import { ALL } from './dashboard-aggregate.js';

export interface KpiScope {
  from: string;
  to: string;
  merchantId: number | null;
  locationId: number | null;
}

const EXCEPTION_ROWS = 50;

/**
 * The aggregate rows of the scope (ALL rows sum every merchant / location): a merchant and/or a location read one
 * row per day through the primary key (merchant, location, day); the whole network reads its merchants' rows
 * (location ALL, index (location, day)). `perLocation` keeps each location's rows instead (the dwell chart).
 */
function daily(db: Kysely<Database>, scope: KpiScope, perLocation = false) {
  let q = db.selectFrom('dashboard_daily');
  if (perLocation) {
    q = q.where('merchant_id', '=', scope.merchantId ?? ALL);
    q = scope.locationId != null ? q.where('location_id', '=', scope.locationId) : q.where('location_id', '>', ALL);
  } else if (scope.merchantId == null && scope.locationId == null) q = q.where('location_id', '=', ALL).where('merchant_id', '>', ALL);
  else q = q.where('merchant_id', '=', scope.merchantId ?? ALL).where('location_id', '=', scope.locationId ?? ALL);
  return q.where('day', '>=', scope.from).where('day', '<=', scope.to);
}

const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(column);
const range = (scope: KpiScope) => ({ from: scope.from, to: scope.to, time_zone: NETWORK_TIME_ZONE });

export async function readFlow(db: Kysely<Database>, scope: KpiScope): Promise<DashboardFlow['data']> {
  const rows = await daily(db, scope).select(['day', total('arrived'), total('collected'), total('returned')]).groupBy('day').execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = daysOf(scope.from, scope.to).map((day) => {
    const r = byDay.get(day);
    const collected = Number(r?.collected ?? 0);
    const returned = Number(r?.returned ?? 0);
    return { day, arrived: Number(r?.arrived ?? 0), collected, returned, out: collected + returned };
  });
  return { range: range(scope), days };
}

export async function readRates(db: Kysely<Database>, scope: KpiScope): Promise<DashboardRates['data']> {
  const r = await daily(db, scope).select([total('arrived'), total('expired'), total('extended'), total('rerouted')]).executeTakeFirst();
  const [arrived, expired, extended, rerouted] = [r?.arrived, r?.expired, r?.extended, r?.rerouted].map((n) => Number(n ?? 0)) as [number, number, number, number];
  return { range: range(scope), arrived, expired, extended, rerouted, expiry_rate: rate(expired, arrived), extension_rate: rate(extended, arrived), reroute_rate: rate(rerouted, arrived) };
}

const DWELL_COLUMNS = Array.from({ length: DWELL_BUCKETS }, (_, i) => `dwell_${i}`);

export async function readDwell(db: Kysely<Database>, scope: KpiScope): Promise<DashboardDwell['data']> {
  const rows = await daily(db, scope, true)
    .select(['location_id', total('collected'), ...DWELL_COLUMNS.map(total)])
    .groupBy('location_id')
    .execute();
  const ids = rows.map((r) => r.location_id).filter((id) => id > 0);
  const names = new Map((ids.length ? await db.selectFrom('locations').select(['id', 'name']).where('id', 'in', ids).execute() : []).map((l) => [l.id, l.name]));
  const locations = rows
    .map((r) => {
      const buckets = DWELL_COLUMNS.map((c) => Number((r as Record<string, unknown>)[c] ?? 0));
      return { location_id: r.location_id, name: names.get(r.location_id) ?? null, collected: Number(r.collected), p50_hours: percentileHours(buckets, 0.5), p90_hours: percentileHours(buckets, 0.9) };
    })
    .filter((l) => l.collected > 0)
    .sort((a, b) => b.collected - a.collected);
  return { range: range(scope), bucket_hours: [...DWELL_BUCKET_HOURS], locations };
}

const HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `pickups_${h}`);

export async function readHeatmap(db: Kysely<Database>, scope: KpiScope): Promise<DashboardHeatmap['data']> {
  const rows = await daily(db, scope).select(['day', ...HOUR_COLUMNS.map(total)]).groupBy('day').execute();
  const cells = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of rows) {
    const row = cells[weekdayOf(r.day)]!;
    HOUR_COLUMNS.forEach((c, h) => (row[h]! += Number((r as Record<string, unknown>)[c] ?? 0)));
  }
  return { range: range(scope), cells };
}

/** Lockers (class locker with a terminal): doors from the layout, held doors from locker_compartments. */
export async function readUtilisation(db: Kysely<Database>, scope: Pick<KpiScope, 'merchantId' | 'locationId'>): Promise<DashboardUtilisation['data']> {
  let lockersQ = db.selectFrom('locations').select(['id', 'name', 'class', 'terminal']).where('class', '=', 'locker').where('terminal', 'is not', null);
  if (scope.locationId != null) lockersQ = lockersQ.where('id', '=', scope.locationId);
  const lockers = (await lockersQ.orderBy('name').execute()).filter(hasOccupancyGrid);
  if (!lockers.length) return { lockers: [] };
  let heldQ = db.selectFrom('locker_compartments').select(['locker_compartments.location_id', (eb) => eb.fn.countAll<number>().as('n')]).where('locker_compartments.location_id', 'in', lockers.map((l) => l.id)).groupBy('locker_compartments.location_id');
  if (scope.merchantId != null) heldQ = heldQ.innerJoin('packages', 'packages.id', 'locker_compartments.package_id').where('packages.merchant_id', '=', scope.merchantId);
  const held = new Map((await heldQ.execute()).map((r) => [r.location_id, Number(r.n)]));
  return {
    lockers: lockers.map((l) => {
      const terminal = parseTerminal(l);
      const doors = terminal ? layoutDoors(terminal).length : 0;
      const occupied = held.get(l.id) ?? 0;
      return { location_id: l.id, name: l.name, doors, occupied, utilisation: rate(occupied, doors), flag: utilisationFlag(occupied, doors) };
    }),
  };
}

/** Totals above this are answered as this (the exceptions list says "at least"). */
export const EXCEPTION_COUNT_CAP = 100_000;

/**
 * What is wrong now: expired and lost packages and failed messages, newest first (not bound to the range). One
 * query per status, each walking its (status, id) index backwards for 50 rows; counts stop at EXCEPTION_COUNT_CAP.
 */
export async function readExceptions(db: Kysely<Database>, scope: Pick<KpiScope, 'merchantId' | 'locationId'>): Promise<DashboardExceptions['data']> {
  const packagesOf = (status: number) => {
    let q = db.selectFrom('packages').where('packages.status', '=', status);
    if (scope.merchantId != null) q = q.where('packages.merchant_id', '=', scope.merchantId);
    if (scope.locationId != null) q = q.where('packages.location_id', '=', scope.locationId);
    return q;
  };
  let messagesQ = db.selectFrom('outbox').where('outbox.status', 'in', EXCEPTION_MESSAGE_STATUSES);
  if (scope.merchantId != null) messagesQ = messagesQ.where('outbox.merchant_id', '=', scope.merchantId);
  /** Counts the rows of `q` (a query selecting `one`), stopping at EXCEPTION_COUNT_CAP. */
  const capped = async (q: SelectQueryBuilder<Database, 'packages' | 'outbox', { one: number }>) =>
    Number((await db.selectFrom(q.limit(EXCEPTION_COUNT_CAP).as('capped')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const one = sql<number>`1`.as('one');
  const totals = { expired: 0, lost: 0, message_failed: 0 };
  // Independent reads: on PostgreSQL they run at once on the pool (SQLite runs them one after the other anyway).
  const [perStatus, failed, messages] = await Promise.all([
    Promise.all(
      EXCEPTION_PACKAGE_STATUSES.map(async (status) => ({
        status,
        count: await capped(packagesOf(status).select(one) as SelectQueryBuilder<Database, 'packages' | 'outbox', { one: number }>),
        rows: await packagesOf(status)
          .leftJoin('locations', 'locations.id', 'packages.location_id')
          .select(['packages.id', 'packages.barcode', 'packages.shipment_id', 'packages.status', 'packages.updated_at', 'locations.name as location'])
          .orderBy('packages.id', 'desc')
          .limit(EXCEPTION_ROWS)
          .execute(),
      })),
    ),
    capped(messagesQ.select(one) as SelectQueryBuilder<Database, 'packages' | 'outbox', { one: number }>),
    scope.locationId != null ? Promise.resolve([]) : messagesQ.select(['outbox.id', 'outbox.recipient', 'outbox.subject_type', 'outbox.subject_id', 'outbox.updated_at']).orderBy('outbox.id', 'desc').limit(EXCEPTION_ROWS).execute(),
  ]);
  for (const { status, count } of perStatus) totals[exceptionKindOf(status)] += count;
  totals.message_failed = failed;
  const packages = perStatus.flatMap((s) => s.rows);
  const shipmentOfMessage = new Map<number, number>();
  const packageIds = messages.filter((m) => m.subject_type === 'package').map((m) => m.subject_id);
  if (packageIds.length) for (const p of await db.selectFrom('packages').select(['id', 'shipment_id']).where('id', 'in', packageIds).execute()) shipmentOfMessage.set(p.id, p.shipment_id);
  const rows: DashboardExceptions['data']['rows'] = [
    ...packages.map((p) => ({ kind: exceptionKindOf(p.status), id: p.id, label: p.barcode, shipment_id: p.shipment_id, subject_type: 'package', subject_id: p.id, location: p.location ?? null, at: p.updated_at })),
    ...messages.map((m) => ({ kind: 'message_failed' as const, id: m.id, label: m.recipient, shipment_id: m.subject_type === 'shipment' ? m.subject_id : (shipmentOfMessage.get(m.subject_id) ?? null), subject_type: m.subject_type, subject_id: m.subject_id, location: null, at: m.updated_at })),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, EXCEPTION_ROWS);
  return { totals, rows };
}
