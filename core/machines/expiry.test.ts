import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_DAYS, EXTEND_EXPIRY_HOURS, REMINDER_HOURS_BEFORE_EXPIRY } from '../constants.js';
import { expiresAt, extendExpiry, isExpired, isReminderDue, reminderDueAt, toDate } from './expiry.js';

const T = '2025-03-10T12:00:00.000Z';

describe('expiry arithmetic', () => {
  it('uses the constants of SPEC section 9', () => {
    expect([DEFAULT_STORAGE_DAYS, EXTEND_EXPIRY_HOURS, REMINDER_HOURS_BEFORE_EXPIRY]).toEqual([5, 24, 24]);
  });

  it('expires storage days after availability (default 5)', () => {
    expect(expiresAt(T).toISOString()).toBe('2025-03-15T12:00:00.000Z');
    expect(expiresAt(new Date(T), 2).toISOString()).toBe('2025-03-12T12:00:00.000Z');
    expect(expiresAt(T, null).toISOString()).toBe('2025-03-15T12:00:00.000Z');
    expect(expiresAt(T, 0).toISOString()).toBe('2025-03-15T12:00:00.000Z');
  });

  it('counts in UTC hours across a daylight-saving change', () => {
    expect(expiresAt('2025-03-07T12:00:00.000Z', 5).toISOString()).toBe('2025-03-12T12:00:00.000Z');
  });

  it('reminds 24 h before expiry', () => {
    expect(reminderDueAt(T).toISOString()).toBe('2025-03-09T12:00:00.000Z');
    expect(isReminderDue(T, '2025-03-09T11:59:59.999Z')).toBe(false);
    expect(isReminderDue(T, '2025-03-09T12:00:00.000Z')).toBe(true);
    expect(isReminderDue(T, T)).toBe(false);
  });

  it('extends by 24 h, from now when already expired', () => {
    expect(extendExpiry(T).toISOString()).toBe('2025-03-11T12:00:00.000Z');
    expect(extendExpiry(T, '2025-03-10T00:00:00.000Z').toISOString()).toBe('2025-03-11T12:00:00.000Z');
    expect(extendExpiry(T, '2025-03-12T00:00:00.000Z').toISOString()).toBe('2025-03-13T00:00:00.000Z');
  });

  it('is expired from expires_at on', () => {
    expect(isExpired(T, '2025-03-10T11:59:59.999Z')).toBe(false);
    expect(isExpired(T, T)).toBe(true);
  });

  it('does not mutate its input and rejects garbage', () => {
    const date = new Date(T);
    extendExpiry(date);
    expect(date.toISOString()).toBe(T);
    expect(() => toDate('not a date')).toThrow(RangeError);
  });
});
