import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../constants.js';
import { FEATURES } from '../features.js';
import { notificationFor, type NotifiableTransition } from './notifications.js';

const t = (action: NotifiableTransition['action'], from: number, to: number, extra: Partial<NotifiableTransition> = {}) => ({ action, from, to, ...extra });

describe('notificationFor', () => {
  const cases: [string, NotifiableTransition, string | null][] = [
    ['first pickup', t('pickup', 30, 50), 'package-in-transit'],
    ['private delivery', t('private-delivery', 20, 50), 'package-in-transit'],
    ['warehouse hand-over is silent', t('check-out', 60, 50), null],
    ['pickup from the warehouse is silent', t('pickup', 60, 50), null],
    ['retrieval is silent', t('pickup', -45, -50), null],
    ['available at a locker', t('deposit', 50, 90, { locationClass: 'locker' }), 'package-available'],
    ['available at a PUDO', t('check-in', 50, 90, { locationClass: 'pudo' }), 'package-available-pudo'],
    ['paid at a PUDO', t('confirm-payment', 80, 90, { locationClass: 'pudo' }), 'package-available-pudo'],
    ['awaiting payment with postpayments', t('check-in', 50, 80, { locationClass: 'pudo', features: FEATURES.postpayments }), 'shipment-awaiting-payment'],
    ['80 without postpayments says nothing', t('check-in', 50, 80, { features: 0 }), null],
    ['expired', t('expire-by-time', 90, -40), 'package-expired'],
    ['rerouted to a locker', t('reroute', 50, 50, { locationClass: 'locker' }), 'package-rerouted'],
    ['rerouted to a PUDO', t('reroute', 90, 90, { locationClass: 'pudo' }), 'package-rerouted-pudo'],
    ['reminder', t('remind', 90, 90), 'package-reminder'],
    ['extension offer', t('offer-extension', -40, -40), 'package-extension-offer'],
    ['extend-expiry is silent', t('extend-expiry', -40, 90, { locationClass: 'locker' }), null],
    ['warehouse check-in is silent', t('check-in', 50, 60), null],
    ['collected is silent', t('check-out', 90, 100), null],
    ['notify resends the current event', t('notify', 90, 90, { locationClass: 'pudo' }), 'package-available-pudo'],
    ['notify in transit', t('notify', 50, 50), 'package-in-transit'],
    ['same-status debug actions are silent', t('process', 90, 90), null],
  ];
  it.each(cases)('%s', (_name, transition, event) => {
    expect(notificationFor(transition)).toBe(event);
  });

  it('emits only SPEC events and reaches every one of them', () => {
    const events = new Set(cases.map(([, transition]) => notificationFor(transition)).filter((e) => e !== null));
    // package-temporary-storage is sent by the "locker full" service (api/operations/lockers), not by a transition.
    expect([...events].sort()).toEqual([...NOTIFICATION_EVENTS].filter((e) => e !== 'package-temporary-storage').sort());
  });
});
