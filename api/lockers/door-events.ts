/**
 * Door events (docs/lockers.md): every opening of a locker door writes one `events` row of kind `door-<way>`
 * (core DOOR_EVENT_KINDS) with who (the courier or support user; null for a customer's code), what (the
 * package, or the location for a support opening without one), where (location_id) and the door number.
 * The list per terminal reads them back, newest first, filtered by kind and date.
 */
import type { DoorEventKind, DoorEventRow, DoorOpeningKind } from '../../core/policies/locker-access.policy.js';
import { DOOR_EVENT_KINDS } from '../../core/policies/locker-access.policy.js';
import { localDayEnd, localDayStart } from '../../core/local-time.js';
import { calendarDate, calendarInstant } from '../../core/validation.js';
import { recordEvent } from '../events/events.repository.js';
import type { Executor } from '../resources/shared/op-context.js';

export interface DoorOpening {
  kind: DoorOpeningKind;
  locationId: number;
  compartment: number | null;
  packageId: number | null;
  actorId: number | null;
  now: string;
  /** Extra facts: the barcode, the status move, the reason of a support opening. */
  data?: Record<string, unknown>;
}

export async function recordDoorOpening(db: Executor, o: DoorOpening): Promise<void> {
  await recordEvent(db, {
    subject_type: o.packageId != null ? 'package' : 'location',
    subject_id: o.packageId ?? o.locationId,
    kind: o.kind,
    actor_id: o.actorId,
    location_id: o.locationId,
    created_at: o.now,
    data: { compartment: o.compartment, ...o.data },
  });
}

export interface DoorEventFilter {
  kind?: DoorEventKind;
  /** ISO dates or timestamps (checked by instantRangeProblem); a bare date is that whole day in `zone`. */
  from?: string;
  to?: string;
  /** The locker's time zone (core zoneOf). */
  zone: string;
  limit: number;
  /** Cursor: events older than this id. */
  before?: number;
}

/** The stored form (ISO UTC text) of a bound: a bare day's first or last instant in `zone`, a timestamp as itself. */
const bound = (value: string, zone: string, edge: 'start' | 'end') =>
  (calendarDate(value) ? (edge === 'start' ? localDayStart : localDayEnd)(value.trim(), zone) : calendarInstant(value)!).toISOString();

export async function listDoorEvents(db: Executor, locationId: number, f: DoorEventFilter): Promise<DoorEventRow[]> {
  let q = db
    .selectFrom('events')
    .leftJoin('users', 'users.id', 'events.actor_id')
    .leftJoin('packages', (j) => j.onRef('packages.id', '=', 'events.subject_id').on('events.subject_type', '=', 'package'))
    .select(['events.id', 'events.kind', 'events.created_at', 'events.subject_type', 'events.subject_id', 'events.actor_id', 'events.data', 'users.first_name', 'users.last_name', 'packages.barcode'])
    .where('events.location_id', '=', locationId)
    .where('events.kind', 'in', f.kind ? [f.kind] : [...DOOR_EVENT_KINDS]);
  if (f.from) q = q.where('events.created_at', '>=', bound(f.from, f.zone, 'start'));
  if (f.to) q = q.where('events.created_at', '<=', bound(f.to, f.zone, 'end'));
  if (f.before) q = q.where('events.id', '<', f.before);
  const rows = await q.orderBy('events.id', 'desc').limit(f.limit).execute();
  return rows.map((r) => {
    const data = r.data ? (JSON.parse(r.data) as Record<string, unknown>) : null;
    return {
      id: r.id,
      kind: r.kind,
      created_at: r.created_at,
      compartment: typeof data?.compartment === 'number' ? data.compartment : null,
      package_id: r.subject_type === 'package' ? r.subject_id : null,
      barcode: r.barcode ?? null,
      actor_id: r.actor_id,
      actor_name: r.first_name != null ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
      data,
    };
  });
}
