/**
 * Writes every transition shares, always inside the caller's transaction: the shipment status derived
 * from its packages (with its event row), the package counts of locations (by deltas), and notification requests
 * in the outbox (api/notifications, delivered by the notifications worker).
 */
import type { NotificationEvent } from '../../../core/constants.js';
import { deriveShipmentStatus, notificationGroup } from '../../../core/machines/index.js';
import { AT_LOCATION_STATUSES } from '../../../core/statuses.js';
import type { Shipment } from '../../db/tables.js';
import { recordEvent } from '../../events/events.repository.js';
import { enqueue } from '../../notifications/outbox.js';
import type { Executor } from './op-context.js';


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

/** Where a package is counted: its location, while it physically sits there (AT_LOCATION_STATUSES). */
export interface Placement {
  location_id: number | null;
  status: number;
}

export interface PlacementMove {
  before: Placement;
  after: Placement;
}

/** Where a package sits once a transition's patch is applied (a patch without location_id leaves it). */
export function placementAfter(before: Placement, patch: { location_id?: number | null; status?: number }): Placement {
  return { location_id: patch.location_id !== undefined ? patch.location_id : before.location_id, status: patch.status ?? before.status };
}

/**
 * Keeps locations.package_count right by deltas: each move takes a package out of the count of where it sat
 * and into the count of where it now sits. Runs inside the transition's transaction, after the package's
 * compare-and-set, so the "before" placement is the one that was really replaced (no recount of a location
 * holding thousands of packages on every scan).
 */
export async function moveLocationCounts(trx: Executor, moves: PlacementMove[]): Promise<void> {
  const delta = new Map<number, number>();
  const count = (p: Placement, by: number) => {
    if (p.location_id != null && AT_LOCATION_STATUSES.includes(p.status)) delta.set(p.location_id, (delta.get(p.location_id) ?? 0) + by);
  };
  for (const { before, after } of moves) {
    count(before, -1);
    count(after, +1);
  }
  for (const [id, by] of delta) {
    if (by) await trx.updateTable('locations').set((eb) => ({ package_count: eb('package_count', '+', by) })).where('id', '=', id).execute();
  }
}

export interface NotificationSubject {
  package: { id: number; merchant_id: number; shipment_id: number; location_id: number | null; dropoff_location_id: number | null; expires_at: string | null };
  shipment: Pick<Shipment, 'reference_id' | 'first_name' | 'email' | 'phone' | 'locale'>;
  location?: { name: string; timezone: string | null } | null;
}

/**
 * Puts the customer's notification for a package event in the outbox: an e-mail and an SMS when the
 * shipment has the address (the worker drops channels the merchant has switched off). Messages of one
 * shipment are grouped (core notificationGroup: one "on its way", one "ready" per place), so the second
 * package's message is a no-op. `step` names the transition so that a retried request never enqueues
 * twice; a `notify:` step is a deliberate resend and is never grouped away. `sealedPickupCode`: the package's new
 * pickup code, sealed (api/lockers/locker-keys.ts); only the delivery worker opens it, to render the message.
 * `pickupCodeKept`: the package brought its live code along (docs/lockers.md): the message says to use it.
 */
export async function enqueuePackageNotification(trx: Executor, event: NotificationEvent, subject: NotificationSubject, step: string, now: Date, sealedPickupCode?: string, pickupCodeKept = false): Promise<number> {
  const { shipment, package: pkg, location } = subject;
  const rerouted = event === 'package-rerouted' || event === 'package-rerouted-pudo' || event === 'package-temporary-storage';
  const group = notificationGroup({
    event,
    shipmentId: pkg.shipment_id,
    packageId: pkg.id,
    placeId: rerouted ? pkg.dropoff_location_id : (pkg.location_id ?? pkg.dropoff_location_id),
    expiresAt: pkg.expires_at,
    step,
    // A message carrying a package's own pickup code is that package's alone: never grouped away.
    resend: step.startsWith('notify:') || sealedPickupCode !== undefined || pickupCodeKept,
  });
  const payload = {
    first_name: shipment.first_name,
    reference: shipment.reference_id,
    location: location?.name ?? null,
    timezone: location?.timezone ?? null,
    expires_at: pkg.expires_at,
    ...(sealedPickupCode ? { pickup_code_sealed: sealedPickupCode } : {}),
    ...(pickupCodeKept ? { pickup_code_kept: true } : {}),
  };
  let count = 0;
  for (const [kind, recipient] of [['email', shipment.email], ['sms', shipment.phone]] as const) {
    if (!recipient) continue;
    const { created } = await enqueue(trx, { kind, event, merchant_id: pkg.merchant_id, ...group, recipient, locale: shipment.locale, payload }, now);
    if (created) count++;
  }
  return count;
}
