/**
 * Turns shipment and package status changes (and `runhook` re-runs) from the events table into
 * webhook outbox rows (kind `webhook`) for merchants with an active endpoint. Decoupled from the
 * operations code: every status change already writes an event row in its own transaction, so
 * reading the events table after commit misses none. A cursor row records how far the pass has
 * read; the idempotency key (`<subject>:<id>:<type>:event-<event id>:webhook`) makes re-reading harmless.
 *
 * PostgreSQL may commit a lower event id after a higher one is visible, so there the cursor only moves
 * past events older than a grace period; younger ones are re-read (and enqueue nothing new).
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { Database } from '../db/tables.js';
import { enqueue } from '../notifications/outbox.js';
import '../campaigns/tables.js';

const CURSOR = 'webhook-events';
const GRACE_MS = 60_000;
const KINDS = ['status', 'runhook'];

export interface WebhookPayload {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export async function runWebhookEventPass(deps: { db: Kysely<Database>; dialect: Dialect; now: Date; limit?: number }): Promise<number> {
  const { db, now } = deps;
  const cursorRow = await db.selectFrom('webhook_cursor').select('last_event_id').where('name', '=', CURSOR).executeTakeFirst();
  if (!cursorRow) await db.insertInto('webhook_cursor').values({ name: CURSOR, last_event_id: 0 }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const cursor = cursorRow?.last_event_id ?? 0;

  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '>', cursor)
    .where('subject_type', 'in', ['shipment', 'package'])
    .where('kind', 'in', KINDS)
    .orderBy('id')
    .limit(deps.limit ?? 500)
    .execute();
  if (!events.length) return 0;

  const endpoints = new Map((await db.selectFrom('webhook_endpoints').select(['merchant_id', 'url']).where('active', '=', 1).execute()).map((e) => [e.merchant_id, e.url]));
  let enqueued = 0;
  if (endpoints.size) {
    const shipmentIds = [...new Set(events.filter((e) => e.subject_type === 'shipment').map((e) => e.subject_id))];
    const packageIds = [...new Set(events.filter((e) => e.subject_type === 'package').map((e) => e.subject_id))];
    const shipments = new Map(
      shipmentIds.length ? (await db.selectFrom('shipments').select(['id', 'merchant_id', 'reference_id', 'external_reference_id']).where('id', 'in', shipmentIds).execute()).map((s) => [s.id, s]) : [],
    );
    const packages = new Map(
      packageIds.length
        ? (
            await db
              .selectFrom('packages')
              .innerJoin('shipments', 'shipments.id', 'packages.shipment_id')
              .select(['packages.id', 'packages.merchant_id', 'packages.barcode', 'packages.size', 'shipments.reference_id', 'shipments.external_reference_id'])
              .where('packages.id', 'in', packageIds)
              .execute()
          ).map((p) => [p.id, p])
        : [],
    );
    for (const e of events) {
      const subject = e.subject_type === 'shipment' ? shipments.get(e.subject_id) : packages.get(e.subject_id);
      if (!subject) continue;
      const url = endpoints.get(subject.merchant_id);
      if (!url) continue;
      const type = `${e.subject_type}.${e.kind === 'runhook' ? 'runhook' : 'status_changed'}`;
      const payload: WebhookPayload = {
        id: `evt_${e.id}`,
        type,
        created_at: e.created_at,
        data: {
          [e.subject_type]: (({ merchant_id: _m, ...rest }) => rest)(subject),
          from_status: e.from_status,
          to_status: e.to_status,
          location_id: e.location_id,
        },
      };
      const r = await enqueue(db, { kind: 'webhook', event: type, merchant_id: subject.merchant_id, subject_type: `${e.subject_type}s`, subject_id: e.subject_id, step: `event-${e.id}`, recipient: url, payload: payload as unknown as Record<string, unknown> }, now);
      if (r.created) enqueued++;
    }
  }

  const settled = deps.dialect === 'postgres' ? events.filter((e) => Date.parse(e.created_at) <= now.getTime() - GRACE_MS) : events;
  // Only a prefix may be skipped for good: stop at the first unsettled event.
  let next = cursor;
  for (const e of events) {
    if (!settled.includes(e)) break;
    next = e.id;
  }
  if (next > cursor) await db.updateTable('webhook_cursor').set({ last_event_id: next }).where('name', '=', CURSOR).where('last_event_id', '=', cursor).execute();
  return enqueued;
}
