/**
 * The events table: one row per create, update, delete or status change of a shipment, package, batch,
 * batch item or manifest (who, when, from, to, where, why). Feeds timelines, the audit trail and the
 * dashboard's daily aggregate (api/resources/dashboard/dashboard-aggregate.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, EventRow } from '../db/tables.js';
import { applyDashboardEvents } from '../resources/dashboard/dashboard-aggregate.js';

export type SubjectType = 'shipment' | 'package' | 'batch' | 'batch_item' | 'manifest' | 'location';
export type EventKind = 'created' | 'updated' | 'deleted' | 'status' | (string & {});

export interface NewEvent {
  subject_type: SubjectType;
  subject_id: number;
  kind: EventKind;
  actor_id: number | null;
  created_at: string;
  /** The device time of a synced scan (docs/offline-scanning.md). */
  occurred_at?: string | null;
  from_status?: number | null;
  to_status?: number | null;
  location_id?: number | null;
  reason?: string | null;
  data?: Record<string, unknown> | null;
}

type Db = Kysely<Database> | Transaction<Database>;

export async function recordEvent(db: Db, event: NewEvent): Promise<void> {
  await recordEvents(db, [event]);
}

export async function recordEvents(db: Db, events: NewEvent[]): Promise<void> {
  if (!events.length) return;
  await db
    .insertInto('events')
    .values(
      events.map((e) => ({
        subject_type: e.subject_type,
        subject_id: e.subject_id,
        kind: e.kind,
        from_status: e.from_status ?? null,
        to_status: e.to_status ?? null,
        actor_id: e.actor_id,
        location_id: e.location_id ?? null,
        reason: e.reason ?? null,
        data: e.data ? JSON.stringify(e.data) : null,
        created_at: e.created_at,
        occurred_at: e.occurred_at ?? null,
      })),
    )
    .execute();
  // The dashboard's daily counts move in the same transaction as the events they count.
  await applyDashboardEvents(db, events);
}

export interface TimelineEvent extends Omit<EventRow, 'data'> {
  data: Record<string, unknown> | null;
  actor_name: string | null;
}

/** The history of one or more subjects, oldest first, with the acting user's name. */
export async function listEvents(db: Db, subjectType: SubjectType, subjectIds: number[]): Promise<TimelineEvent[]> {
  if (!subjectIds.length) return [];
  const rows = await db
    .selectFrom('events')
    .leftJoin('users', 'users.id', 'events.actor_id')
    .selectAll('events')
    .select(['users.first_name', 'users.last_name'])
    .where('events.subject_type', '=', subjectType)
    .where('events.subject_id', 'in', subjectIds)
    .orderBy('events.id', 'asc')
    .limit(1000)
    .execute();
  return rows.map(({ first_name, last_name, data, ...e }) => ({
    ...e,
    data: data ? (JSON.parse(data) as Record<string, unknown>) : null,
    actor_name: first_name != null ? `${first_name} ${last_name ?? ''}`.trim() : null,
  }));
}
