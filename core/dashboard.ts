/**
 * The dashboard's metrics (issue 15, docs/dashboard.md): which package events count as what, the network's
 * time zone the days and hours are read in, the dwell-time histogram and its percentiles, the utilisation
 * flags and the date range rules. The API keeps a daily aggregate from these; the admin draws it.
 */
import { PACKAGE_STATUS as P } from './statuses.js';

/** Days and hours of the dashboard are the network's local ones (the demo network is in the Bahamas). */
export { NETWORK_TIME_ZONE } from './local-time.js';
import { NETWORK_TIME_ZONE } from './local-time.js';

/** A range covers at most this many days (inclusive); the default is the last DEFAULT_RANGE_DAYS days. */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

/** Upper edges (hours) of the dwell-time buckets; one more bucket holds everything longer. */
export const DWELL_BUCKET_HOURS = [1, 2, 4, 8, 12, 24, 36, 48, 72, 96, 120, 168, 240] as const;
export const DWELL_BUCKETS = DWELL_BUCKET_HOURS.length + 1;

/** Lockers under this share of occupied doors are flagged as under-used, over the other as nearly full. */
export const UTILISATION_LOW = 0.5;
export const UTILISATION_HIGH = 0.9;

/** The counters one package event can add to (a row of the daily aggregate). */
export const KPI_COUNTERS = ['arrived', 'collected', 'returned', 'expired', 'extended', 'rerouted'] as const;
export type KpiCounter = (typeof KPI_COUNTERS)[number];

/** Statuses a package waits for its customer in: entering one from elsewhere is an arrival ("in"). */
const WAITING: readonly number[] = [P.ready_to_collect, P.awaiting_payment];
/** Statuses from which re-entering a waiting status is not a new arrival (payment, extension of an expired one). */
const STILL_THERE: readonly number[] = [P.ready_to_collect, P.awaiting_payment, P.expired, P.dropped_off];

/** Package statuses the exceptions list shows (besides failed messages). */
export const EXCEPTION_PACKAGE_STATUSES: readonly number[] = [P.expired, P.lost];
/** The exceptions list's name for a package status of EXCEPTION_PACKAGE_STATUSES. */
export const exceptionKindOf = (status: number): 'expired' | 'lost' => (status === P.lost ? 'lost' : 'expired');
/** Outbox statuses the exceptions list shows. */
export const EXCEPTION_MESSAGE_STATUSES: readonly string[] = ['failed'];

export interface KpiEvent {
  kind: string;
  from_status: number | null;
  to_status: number | null;
  action?: string | null;
}

/**
 * What one package event counts as. Arrived: it starts waiting at a pickup point (check-in, deposit,
 * arrival after a reroute; dropped off 70 -> 90 counts once). Collected: 90 -> 100 (a pickup for the heatmap,
 * with its dwell time). Returned: an expired package taken back (-50). Expired: 90 -> -40. Extended and
 * rerouted: those verbs.
 */
export function kpiCountersOf(e: KpiEvent): KpiCounter[] {
  const out: KpiCounter[] = [];
  const to = e.to_status;
  const from = e.from_status;
  if (e.action === 'extend-expiry') out.push('extended');
  if (e.action === 'reroute') out.push('rerouted');
  if (to == null || to === from) return out;
  if (WAITING.includes(to) && (from == null || !STILL_THERE.includes(from))) out.push('arrived');
  if (to === P.dropped_off) out.push('arrived');
  if (to === P.collected) out.push('collected');
  if (to === P.expired_retrieved) out.push('returned');
  if (to === P.expired) out.push('expired');
  return out;
}

/** The dwell bucket of a wait of `hours`. */
export function dwellBucket(hours: number): number {
  const i = DWELL_BUCKET_HOURS.findIndex((edge) => hours <= edge);
  return i === -1 ? DWELL_BUCKET_HOURS.length : i;
}

/**
 * The p-th percentile (0-1) of a histogram, in hours: the upper edge of the bucket it falls in (an upper bound;
 * the last, open bucket answers its lower edge). Null without data.
 */
export function percentileHours(buckets: readonly number[], p: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = Math.ceil(p * total);
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return DWELL_BUCKET_HOURS[i] ?? DWELL_BUCKET_HOURS[DWELL_BUCKET_HOURS.length - 1]!;
  }
  return null;
}

export type UtilisationFlag = 'low' | 'high' | null;

export function utilisationFlag(occupied: number, doors: number): UtilisationFlag {
  if (!doors) return null;
  const share = occupied / doors;
  return share < UTILISATION_LOW ? 'low' : share > UTILISATION_HIGH ? 'high' : null;
}

/** A share rounded to 4 decimals; 0 when nothing to divide by. */
export const rate = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 10000) / 10000 : 0);

const partsCache = new Map<string, { day: string; hour: number; weekday: number }>();
let formatter: Intl.DateTimeFormat | undefined;
/**
 * Built on first use, not when the module loads: the first formatter of a time zone loads its data (some 50 ms of a
 * phone-class main thread), which the dashboard's chunk paid on evaluation even before anything needed a date.
 */
const networkFormatter = () =>
  (formatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: NETWORK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23', weekday: 'short' }));
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The network-local day (YYYY-MM-DD), hour (0-23) and weekday (0 = Monday) of an ISO instant. */
export function networkTime(iso: string): { day: string; hour: number; weekday: number } {
  const key = iso.slice(0, 16);
  let parts = partsCache.get(key);
  if (!parts) {
    const map = Object.fromEntries(networkFormatter().formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    parts = { day: `${map.year}-${map.month}-${map.day}`, hour: Number(map.hour) % 24, weekday: WEEKDAYS.indexOf(String(map.weekday)) };
    if (partsCache.size > 50_000) partsCache.clear();
    partsCache.set(key, parts);
  }
  return parts;
}

/** The weekday (0 = Monday) of a calendar day YYYY-MM-DD. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day YYYY-MM-DD (not 2026-02-30, 2026-13-01 nor 0000-00-00, which Date turns into another or none). */
export function isRealDay(d: string): boolean {
  const ms = DAY.test(d) ? Date.parse(`${d}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === d;
}
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The earlier of two days (by date: a day past 9999 is written with a sign and more digits, so not by text). */
const earlierDay = (a: string, b: string) => (Date.parse(`${a}T00:00:00Z`) < Date.parse(`${b}T00:00:00Z`) ? a : b);
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The range asked for, or the refusal's field problem: `from` and `to` are network-local days (inclusive),
 * real calendar days, from <= to, at most MAX_RANGE_DAYS long. Missing ends default to the last 30 days.
 */
export function dashboardRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } | { field: 'from' | 'to'; problem: 'invalid' | 'order' | 'too_long' } {
  // The ends given are checked before a missing one is derived from them (a date made from a garbled one throws).
  if (query.from !== undefined && !isRealDay(query.from)) return { field: 'from', problem: 'invalid' };
  if (query.to !== undefined && !isRealDay(query.to)) return { field: 'to', problem: 'invalid' };
  const today = networkTime(now.toISOString()).day;
  const to = query.to ?? (query.from === undefined ? today : earlierDay(addDays(query.from, DEFAULT_RANGE_DAYS - 1), today));
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  // Not dead: a `from` derived from a lone `to` in the first days of year 0 falls before it ('-000001-12', which
  // Date reads and the queries would get); only a given `from` was checked above.
  if (!isRealDay(from)) return { field: 'from', problem: 'invalid' };
  if (from > to) return { field: 'to', problem: 'order' };
  if (daysBetween(from, to) > MAX_RANGE_DAYS) return { field: 'to', problem: 'too_long' };
  return { from, to };
}

/**
 * Every day of a range, in order. Counted, not compared as text: the day after 9999-12-31 is written
 * '+010000-01-01', which sorts before it, so a text comparison never ended (a range ending 9999-12-31 hung the server).
 */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: Math.max(daysBetween(from, to), 0) }, (_, i) => addDays(from, i));
}

/** The UTC instant a network-local day starts at (for queries on ISO timestamps), give or take DST: +/- 1 h. */
export function dayStartUtc(day: string): string {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const local = networkTime(new Date(guess).toISOString());
  const shift = (local.day < day ? 24 - local.hour : -local.hour) * 3_600_000;
  return new Date(guess + shift).toISOString();
}
