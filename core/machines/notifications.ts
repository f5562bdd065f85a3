/**
 * Which package transitions are worth telling the customer about (SPEC section 3 notification events).
 * The API writes the returned event to the notification outbox in the transition's transaction.
 */
import type { LocationClass, NotificationEvent } from '../constants.js';
import { FEATURES, hasBit } from '../features.js';
import { PACKAGE_STATUS as S } from '../statuses.js';
import type { PackageAction } from './actions.js';

export interface NotifiableTransition {
  action: PackageAction;
  from: number;
  to: number;
  /**
   * Class of the location that matters: where the package became available (check-in, deposit,
   * confirm-payment, notify) or the new drop-off location (reroute).
   */
  locationClass?: LocationClass | null;
  /** Feature bitmask of the package's merchant. */
  features?: number;
}

/** The event the customer is sent at the package's current status (also what `notify` resends). */
function eventForStatus(status: number, t: NotifiableTransition): NotificationEvent | null {
  switch (status) {
    case S.in_transit:
      return 'package-in-transit';
    case S.ready_to_collect:
      return t.locationClass === 'pudo' ? 'package-available-pudo' : 'package-available';
    case S.awaiting_payment:
      return hasBit(t.features, FEATURES.postpayments) ? 'shipment-awaiting-payment' : null;
    case S.expired:
      return 'package-expired';
    default:
      return null;
  }
}

/**
 * The notification event a transition triggers, or null.
 * - 50 from 20/30 (first pickup, private delivery): package-in-transit. Later hand-overs between
 *   warehouse and drivers (60 -> 50) stay silent.
 * - 90 on arrival (from 70/80): package-available at a locker, package-available-pudo at a PUDO.
 *   Extend-expiry back to 90 is silent (the reminder is re-armed instead).
 * - 80 with postpayments: shipment-awaiting-payment.
 * - -40 (storage time over): package-expired.
 * - reroute: package-rerouted, or package-rerouted-pudo when the new drop-off is a PUDO.
 * - remind (scheduled, 24 h before expiry): package-reminder; offer-extension: package-extension-offer.
 * - notify: the event of the current status again.
 */
export function notificationFor(t: NotifiableTransition): NotificationEvent | null {
  switch (t.action) {
    case 'reroute':
      return t.locationClass === 'pudo' ? 'package-rerouted-pudo' : 'package-rerouted';
    case 'remind':
      return 'package-reminder';
    case 'offer-extension':
      return 'package-extension-offer';
    case 'notify':
      return eventForStatus(t.from, t);
    case 'extend-expiry':
      return null;
    default:
      break;
  }
  if (t.to === t.from) return null;
  if (t.to === S.in_transit) return t.from === S.printed || t.from === S.awaiting_pickup ? 'package-in-transit' : null;
  return eventForStatus(t.to, t);
}

/** How a package's customer message is grouped with its shipment's other packages. */
const GROUPING: Partial<Record<NotificationEvent, 'shipment' | 'place' | 'place-day'>> = {
  'package-in-transit': 'shipment', // one "on its way" per shipment
  'package-available': 'place', // one "ready" per place
  'package-available-pudo': 'place',
  'package-rerouted': 'place',
  'package-rerouted-pudo': 'place',
  'package-reminder': 'place-day', // one reminder per place and expiry day
  'package-expired': 'place-day',
};

export interface NotificationGroupInput {
  event: NotificationEvent;
  shipmentId: number;
  packageId: number;
  /** Where the message is about: where the package became available, or its new drop-off after a reroute. */
  placeId: number | null;
  expiresAt: string | null;
  /** The transition's own step (e.g. `check-in:<stamp>`), kept for messages that are not grouped. */
  step: string;
  /** A deliberate resend (the `notify` action) is never swallowed by a group. */
  resend: boolean;
}

/**
 * The outbox subject and step of a customer message (SPEC section 3, issue 10): the packages of one
 * shipment share one "on its way", one "ready" per place, one reminder per place and day. The outbox
 * keeps one row per (subject, event, step, channel), so a second package's message with the same group
 * is not enqueued again. Other events, and resends, stay per package and transition.
 */
export function notificationGroup(input: NotificationGroupInput): { subject_type: 'shipments' | 'packages'; subject_id: number; step: string } {
  const rule = input.resend ? undefined : GROUPING[input.event];
  if (!rule) return { subject_type: 'packages', subject_id: input.packageId, step: input.step };
  const place = `@${input.placeId ?? '-'}`;
  const step = rule === 'shipment' ? 'group' : rule === 'place' ? `group${place}` : `group${place}:${(input.expiresAt ?? '').slice(0, 10)}`;
  return { subject_type: 'shipments', subject_id: input.shipmentId, step };
}
