import { describe, expect, it } from 'vitest';
import { notificationGroup, type NotificationGroupInput } from './notifications.js';

const base: NotificationGroupInput = { event: 'package-available', shipmentId: 7, packageId: 70, placeId: 3, expiresAt: '2031-01-05T10:00:00.000Z', step: 'check-in:t1', resend: false };
const key = (over: Partial<NotificationGroupInput>) => {
  const g = notificationGroup({ ...base, ...over });
  return `${g.subject_type}:${g.subject_id}:${g.step}`;
};

describe('notification groups', () => {
  it('gives the packages of one shipment one "ready" per place and one "on its way"', () => {
    expect(key({ packageId: 71, step: 'check-in:t2' })).toBe(key({}));
    expect(key({ placeId: 4 })).not.toBe(key({}));
    expect(key({ event: 'package-in-transit', packageId: 71, placeId: 9 })).toBe(key({ event: 'package-in-transit' }));
    expect(key({ event: 'package-in-transit' })).not.toBe(key({}));
  });

  it('groups reminders per place and expiry day, and keeps resends and other events per package', () => {
    expect(key({ event: 'package-reminder', expiresAt: '2031-01-05T11:00:00.000Z' })).toBe(key({ event: 'package-reminder' }));
    expect(key({ event: 'package-reminder', expiresAt: '2031-01-06T10:00:00.000Z' })).not.toBe(key({ event: 'package-reminder' }));
    expect(notificationGroup({ ...base, resend: true, step: 'notify:t3' })).toEqual({ subject_type: 'packages', subject_id: 70, step: 'notify:t3' });
    expect(notificationGroup({ ...base, event: 'shipment-awaiting-payment' })).toEqual({ subject_type: 'packages', subject_id: 70, step: 'check-in:t1' });
  });
});
