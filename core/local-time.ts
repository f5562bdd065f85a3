/**
 * Days and clock times as people at a place read them: an IANA time zone per location, the network's zone when a
 * location has none (or an unknown one). Pure: instants in, instants or calendar days out; DST-aware through Intl.
 */

/** The network's time zone (the demo network is in the Bahamas): the zone of a place that names none. */
export const NETWORK_TIME_ZONE = 'America/Nassau';

const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    } catch {
      f = null; // not an IANA zone
    }
    if (formatters.size < 1000) formatters.set(zone, f);
  }
  return f;
}

/** An IANA time zone the runtime knows (`America/Nassau`, `UTC`); not `Nassau` nor `EST5EDT+1`. */
export const isTimeZone = (zone: unknown): zone is string => typeof zone === 'string' && zone !== '' && formatterOf(zone) !== null;

/** The first known zone of `zones`, else the network's. */
export function zoneOf(...zones: (string | null | undefined)[]): string {
  return zones.find(isTimeZone) ?? NETWORK_TIME_ZONE;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(instant: Date, zone: string): Wall {
  const parts = Object.fromEntries(formatterOf(zoneOf(zone))!.formatToParts(instant).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

const wallMs = (w: Wall) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const offsetMs = (instant: number, zone: string) => wallMs(wallOf(new Date(instant), zone)) - Math.floor(instant / 1000) * 1000;

/** The instant a wall-clock time has in `zone` (a time skipped by DST lands an hour later, as clocks do; a repeated one, the first). */
function instantOf(w: Wall, ms: number, zone: string): Date {
  const local = wallMs(w);
  const first = local - offsetMs(local, zone);
  const second = local - offsetMs(first, zone);
  return new Date((wallMs(wallOf(new Date(second), zone)) === local ? second : first) + ms);
}

/** The wall-clock date and time of `instant` in `zone`, `YYYY-MM-DD HH:MM:SS`: what spreadsheets read as a date and time in any language. */
export function localDateTime(instant: Date, zone: string): string {
  const w = wallOf(instant, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${localDay(instant, zone)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** The calendar day (YYYY-MM-DD) of `instant` in `zone`. */
export function localDay(instant: Date, zone: string): string {
  const w = wallOf(instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The weekday (0 = Sunday .. 6 = Saturday) of a wall date. */
const weekdayOf = (w: Wall) => new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
const nextDay = (w: Wall): Wall => {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return { ...w, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** `days` calendar days after `from` in `zone`, at the same clock time (a DST change makes the day 23 or 25 h). */
export function addLocalDays(from: Date, days: number, zone: string): Date {
  let w = wallOf(from, zone);
  for (let i = 0; i < days; i++) w = nextDay(w);
  return instantOf(w, from.getTime() % 1000, zone);
}

/** `days` business days (Monday to Friday in `zone`) after `from`, at the same clock time. */
export function addLocalBusinessDays(from: Date, days: number, zone: string): Date {
  let w = wallOf(from, zone);
  for (let left = days; left > 0; ) {
    w = nextDay(w);
    const weekday = weekdayOf(w);
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return instantOf(w, from.getTime() % 1000, zone);
}

/** The first instant (00:00) of the calendar day `day` (YYYY-MM-DD) in `zone`. */
export function localDayStart(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day: date, hour: 0, minute: 0, second: 0 }, 0, zone);
}

/** The last millisecond of the calendar day `day` in `zone` (23, 24 or 25 hours after its start). */
export function localDayEnd(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(instantOf(nextDay({ year, month, day: date, hour: 0, minute: 0, second: 0 }), 0, zone).getTime() - 1);
}
