/**
 * Writes every transition shares, always inside the caller's transaction: the shipment status derived
 * from its packages (with its event row), the package counts of locations, and notification requests
 * in the outbox (api/notifications, delivered by the notifications worker).
 */
import type { NotificationEvent } from '../../../core/constants.js';
import { deriveShipmentStatus } from '../../../core/machines/index.js';
import { PACKAGE_STATUS as P } from '../../../core/statuses.js';
import type { Shipment } from '../../db/tables.js';
import { recordEvent } from '../../events/events.repository.js';
import { enqueue } from '../../notifications/outbox.js';
import type { Executor } from '../context.js';

/** Statuses in which a package physically sits at its location_id. */
export const AT_LOCATION_STATUSES: readonly number[] = [P.in_warehouse, P.dropped_off, P.awaiting_payment, P.ready_to_collect, P.expired, P.expired_retrievable];

/** Re-derives the shipment status from its packages; writes it and an event row when it changed. Returns it. */
export async function syncShipmentStatus(trx: Executor, shipmentId: number, actorId: number | null, now: string, reason?: string): Promise<number> {
  const shipment = await trx.selectFrom('shipments').select(['id', 'status']).where('id', '=', shipmentId).executeTakeFirstOrThrow();
  const statuses = (await trx.selectFrom('packages').select('status').where('shipment_id', '=', shipmentId).execute()).map((p) => p.status);
  const next = deriveShipmentStatus(statuses, shipment.status);
  if (next !== shipment.status) {
    await trx.updateTable('shipments').set({ status: next, updated_at: now }).where('id', '=', shipmentId).execute();
    await recordEvent(trx, { subject_type: 'shipment', subject_id: shipmentId, kind: 'status', from_status: shipment.status, to_status: next, actor_id: actorId, created_at: now, reason: reason ?? null });
  }
  return next;
}

/** Recounts the packages sitting at these locations (a recount, so it cannot drift). */
export async function refreshLocationCounts(trx: Executor, locationIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(locationIds.filter((id): id is number => typeof id === 'number'))];
  for (const id of ids) {
    const { n } = await trx
      .selectFrom('packages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('location_id', '=', id)
      .where('status', 'in', AT_LOCATION_STATUSES)
      .executeTakeFirstOrThrow();
    await trx.updateTable('locations').set({ package_count: Number(n) }).where('id', '=', id).execute();
  }
}

export interface NotificationSubject {
  package: { id: number; merchant_id: number; expires_at: string | null };
  shipment: Pick<Shipment, 'reference_id' | 'first_name' | 'email' | 'phone' | 'locale'>;
  location?: { name: string; timezone: string | null } | null;
}

/**
 * Puts the customer's notification for a package event in the outbox: an e-mail and an SMS when the
 * shipment has the address (the worker drops channels the merchant has switched off). `step` names the
 * transition so that a retried request never enqueues twice.
 */
export async function enqueuePackageNotification(trx: Executor, event: NotificationEvent, subject: NotificationSubject, step: string, now: Date): Promise<number> {
  const { shipment, package: pkg, location } = subject;
  const payload = {
    first_name: shipment.first_name,
    reference: shipment.reference_id,
    location: location?.name ?? null,
    timezone: location?.timezone ?? null,
    expires_at: pkg.expires_at,
  };
  let count = 0;
  for (const [kind, recipient] of [['email', shipment.email], ['sms', shipment.phone]] as const) {
    if (!recipient) continue;
    await enqueue(trx, { kind, event, merchant_id: pkg.merchant_id, subject_type: 'packages', subject_id: pkg.id, step, recipient, locale: shipment.locale, payload }, now);
    count++;
  }
  return count;
}
