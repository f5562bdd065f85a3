/**
 * Keeps the dashboard's daily aggregate (`dashboard_daily`, migration 022) in step with the package events:
 * recordEvents calls applyDashboardEvents inside the transaction that writes the events, so the charts move
 * with every verb and never count a transition that was rolled back. What an event counts as is core's rule
 * (core/dashboard.ts kpiCountersOf); days and hours are the network's (NETWORK_TIME_ZONE).
 */
import type { Kysely, Transaction } from 'kysely';
import { DWELL_BUCKETS, dwellBucket, kpiCountersOf, KPI_COUNTERS, networkTime } from '../../../core/dashboard.js';
import type { Database } from '../../db/tables.js';

/** The merchant_id / location_id of the rows that sum every merchant / every location. */
export const ALL = -1;

type Db = Kysely<Database> | Transaction<Database> | Kysely<any>;

/** A package event as written (data as an object) or as stored (data as JSON text). */
export interface AggregateEvent {
  subject_type: string;
  subject_id: number;
  kind: string;
  from_status?: number | null;
  to_status?: number | null;
  location_id?: number | null;
  created_at: string;
  data?: Record<string, unknown> | string | null;
}

interface PackageFacts {
  merchant_id: number;
  location_id: number | null;
  available_at: string | null;
}

/** Counter columns of one aggregate row, by `day|merchant|location`. */
export type DailyDeltas = Map<string, Record<string, number>>;

export const DASHBOARD_COLUMNS: string[] = [
  ...KPI_COUNTERS,
  ...Array.from({ length: DWELL_BUCKETS }, (_, i) => `dwell_${i}`),
  ...Array.from({ length: 24 }, (_, h) => `pickups_${h}`),
];

function actionOf(data: AggregateEvent['data']): string | null {
  if (!data) return null;
  if (typeof data === 'string') {
    try {
      return actionOf(JSON.parse(data) as Record<string, unknown>);
    } catch {
      return null;
    }
  }
  return typeof data.action === 'string' ? data.action : null;
}

/**
 * Adds one counted fact to the deltas, at the three grains a chart reads (ALL = every merchant / location):
 * (merchant, location), (merchant, ALL) and (ALL, location). A chart reads one row per day for a merchant or a
 * location, one per merchant and day for the whole network. There is no (ALL, ALL) row on purpose: every verb in
 * the network would update it, and on PostgreSQL its row lock would queue them all until each commits.
 */
export function addDelta(deltas: DailyDeltas, day: string, merchantId: number, locationId: number, column: string, by = 1): void {
  for (const [m, l] of [[merchantId, locationId], [merchantId, ALL], [ALL, locationId]] as const) {
    const key = `${day}|${m}|${l}`;
    const row = deltas.get(key) ?? {};
    row[column] = (row[column] ?? 0) + by;
    deltas.set(key, row);
  }
}

/** Adds `by` collections: their dwell bucket (from available_at) and their local hour. */
export function addCollection(deltas: DailyDeltas, at: string, merchantId: number, locationId: number, availableAt: string | null, by = 1): void {
  const { day, hour } = networkTime(at);
  addDelta(deltas, day, merchantId, locationId, `pickups_${hour}`, by);
  if (availableAt) addDelta(deltas, day, merchantId, locationId, `dwell_${dwellBucket(Math.max(0, Date.parse(at) - Date.parse(availableAt)) / 3_600_000)}`, by);
}

/** What a set of package events adds to the aggregate. */
export function deltasOf(events: AggregateEvent[], packages: Map<number, PackageFacts>, deltas: DailyDeltas = new Map()): DailyDeltas {
  for (const e of events) {
    if (e.subject_type !== 'package') continue;
    const counters = kpiCountersOf({ kind: e.kind, from_status: e.from_status ?? null, to_status: e.to_status ?? null, action: actionOf(e.data) });
    if (!counters.length) continue;
    const pkg = packages.get(e.subject_id);
    if (!pkg) continue;
    const locationId = e.location_id ?? pkg.location_id ?? 0;
    const { day } = networkTime(e.created_at);
    for (const counter of counters) {
      addDelta(deltas, day, pkg.merchant_id, locationId, counter);
      if (counter === 'collected') addCollection(deltas, e.created_at, pkg.merchant_id, locationId, pkg.available_at);
    }
  }
  return deltas;
}

/**
 * Adds deltas to the aggregate rows (insert, or add on conflict), up to 200 rows per statement, in key order:
 * two transactions lock the rows they share in the same order, so they queue instead of deadlocking.
 */
export async function writeDeltas(db: Db, deltas: DailyDeltas): Promise<void> {
  const entries = [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += 200) {
    const chunk = entries.slice(i, i + 200);
    const columns = [...new Set(chunk.flatMap(([, counts]) => Object.keys(counts)))];
    const rows = chunk.map(([key, counts]) => {
      const [day, merchant, location] = key.split('|');
      return { day, merchant_id: Number(merchant), location_id: Number(location), ...Object.fromEntries(columns.map((c) => [c, counts[c] ?? 0])) };
    });
    await (db as Kysely<any>)
      .insertInto('dashboard_daily')
      .values(rows)
      .onConflict((oc) => oc.columns(['merchant_id', 'location_id', 'day']).doUpdateSet((eb) => Object.fromEntries(columns.map((c) => [c, eb(`dashboard_daily.${c}`, '+', eb.ref(`excluded.${c}`))]))))
      .execute();
  }
}

async function packageFacts(db: Db, ids: number[]): Promise<Map<number, PackageFacts>> {
  const facts = new Map<number, PackageFacts>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await (db as Kysely<Database>).selectFrom('packages').select(['id', 'merchant_id', 'location_id', 'available_at']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) facts.set(r.id, r);
  }
  return facts;
}

/** Called by recordEvents, in the caller's transaction, with the events it just wrote. */
export async function applyDashboardEvents(db: Db, events: AggregateEvent[]): Promise<void> {
  const counted = events.filter((e) => e.subject_type === 'package' && kpiCountersOf({ kind: e.kind, from_status: e.from_status ?? null, to_status: e.to_status ?? null, action: actionOf(e.data) }).length);
  if (!counted.length) return;
  const facts = await packageFacts(db, [...new Set(counted.map((e) => e.subject_id))]);
  await writeDeltas(db, deltasOf(counted, facts));
}

/** Rebuilds the aggregate from the recorded package events (migration 022), 5,000 events at a time. */
export async function backfillDashboardDaily(db: Db): Promise<void> {
  const deltas: DailyDeltas = new Map();
  let after = 0;
  for (;;) {
    const page = await (db as Kysely<Database>)
      .selectFrom('events')
      .select(['id', 'subject_type', 'subject_id', 'kind', 'from_status', 'to_status', 'location_id', 'created_at', 'data'])
      .where('subject_type', '=', 'package')
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000)
      .execute();
    if (!page.length) break;
    after = page[page.length - 1]!.id;
    const facts = await packageFacts(db, [...new Set(page.map((e) => e.subject_id))]);
    deltasOf(page, facts, deltas);
  }
  await writeDeltas(db, deltas);
}
