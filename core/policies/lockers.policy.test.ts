import { describe, expect, it } from 'vitest';
import { addBusinessDays, holdUntil, nextBusinessDay, storageRulesOf, extensionRefusal, DEFAULT_STORAGE_RULES } from '../machines/storage.js';
import { chooseTemporaryStorage, doorSizesFor, doorState, fullSizes, lockerFullRefusal, lockerHasRoom } from './lockers.policy.js';

describe('lockers policy', () => {
  it('a package takes a door of its size or larger; oversized none', () => {
    expect(doorSizesFor('SMALL')).toEqual(['SMALL', 'MEDIUM', 'LARGE']);
    expect(doorSizesFor('LARGE')).toEqual(['LARGE']);
    expect(doorSizesFor('OVERSIZED')).toEqual([]);
  });

  it('room for several packages counts each door once, largest first', () => {
    expect(lockerHasRoom({ SMALL: 0, MEDIUM: 0, LARGE: 1 }, ['SMALL', 'LARGE'])).toBe(false);
    expect(lockerHasRoom({ SMALL: 1, MEDIUM: 0, LARGE: 1 }, ['SMALL', 'LARGE'])).toBe(true);
    expect(fullSizes({ SMALL: 3, MEDIUM: 0, LARGE: 0 })).toEqual(['MEDIUM', 'LARGE']);
  });

  it('door states', () => {
    expect(doorState(null, false)).toBe('free');
    expect(doorState({ state: 'reserved' }, true)).toBe('out_of_service');
    expect(doorState({ state: 'occupied', package_status: 90 }, false)).toBe('occupied');
    expect(doorState({ state: 'occupied', package_status: -40 }, false)).toBe('expired');
    expect(doorState({ state: 'reserved', package_status: 20 }, false)).toBe('reserved');
  });

  it('temporary storage: nearest with room within 2 km, else the nearest with room anywhere', () => {
    const near = { id: 1, distance: 0.4, hasRoom: false };
    const within = { id: 2, distance: 1.9, hasRoom: true };
    const far = { id: 3, distance: 7, hasRoom: true };
    expect(chooseTemporaryStorage([far, within, near])).toBe(within);
    expect(chooseTemporaryStorage([far, near, { id: 4, distance: 12, hasRoom: true }])).toBe(far);
    expect(chooseTemporaryStorage([near])).toBeNull();
  });

  it('only a package in transit to a locker can be reported', () => {
    expect(lockerFullRefusal({ status: 50 }, { class: 'locker' })).toBeNull();
    expect(lockerFullRefusal({ status: 50 }, { class: 'pudo' })).toBe('lockers.report_not_allowed');
    expect(lockerFullRefusal({ status: 90 }, { class: 'locker' })).toBe('lockers.report_not_allowed');
  });
});

describe('storage rules', () => {
  it("defaults are today's behaviour", () => {
    expect(storageRulesOf({})).toEqual(DEFAULT_STORAGE_RULES);
    expect(holdUntil('2025-03-07T12:00:00Z', storageRulesOf({ storage_days: 5, timezone: 'UTC' })).toISOString()).toBe('2025-03-12T12:00:00.000Z');
  });

  it('business days skip the weekend; hours count hours', () => {
    expect(addBusinessDays('2025-03-07T12:00:00Z', 1, 'UTC').toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(holdUntil('2025-03-07T12:00:00Z', storageRulesOf({ storage_days: 2, storage_unit: 'business_days', timezone: 'UTC' })).toISOString()).toBe('2025-03-11T12:00:00.000Z');
    expect(holdUntil('2025-03-07T12:00:00Z', storageRulesOf({ storage_days: 36, storage_unit: 'hours' })).toISOString()).toBe('2025-03-09T00:00:00.000Z');
  });

  it("counts days and business days on the location's clock (its time zone, else the network's)", () => {
    const nassau = (days: number, unit = 'days') => storageRulesOf({ storage_days: days, storage_unit: unit, timezone: 'America/Nassau' });
    // Friday 27 Nov 2026, 21:00 in Nassau (Saturday 02:00 UTC): one business day is Monday 21:00, not Sunday 21:00.
    expect(holdUntil('2026-11-28T02:00:00Z', nassau(1, 'business_days')).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(holdUntil('2026-11-28T02:00:00Z', nassau(2, 'business_days')).toISOString()).toBe('2026-12-02T02:00:00.000Z');
    // The temporary-storage return: reported Friday 20:00 local, back on Monday 20:00 local.
    expect(nextBusinessDay('2026-11-28T01:00:00Z', 'America/Nassau').toISOString()).toBe('2026-12-01T01:00:00.000Z');
    // 5 days over the spring and autumn changes end at the same clock time (10:00), 119 and 121 hours later.
    expect(holdUntil('2026-03-06T15:00:00Z', nassau(5)).toISOString()).toBe('2026-03-11T14:00:00.000Z');
    expect(holdUntil('2026-10-30T14:00:00Z', nassau(5)).toISOString()).toBe('2026-11-04T15:00:00.000Z');
    // No zone, or one that is not a zone: the network's.
    expect(holdUntil('2026-03-06T15:00:00Z', storageRulesOf({ storage_days: 5, timezone: 'Nassau' })).toISOString()).toBe('2026-03-11T14:00:00.000Z');
    expect(holdUntil('2026-11-28T02:00:00Z', storageRulesOf({ storage_days: 1, storage_unit: 'business_days' })).toISOString()).toBe('2026-12-01T02:00:00.000Z');
    // Hours stay hours.
    expect(holdUntil('2026-03-06T15:00:00Z', nassau(120, 'hours')).toISOString()).toBe('2026-03-11T15:00:00.000Z');
  });

  it('extensions: how many and not too early', () => {
    const rules = storageRulesOf({ storage_extensions_max: 1, storage_extension_after_hours: 2 });
    expect(extensionRefusal(rules, { used: 0, available_at: '2025-03-07T12:00:00Z', now: '2025-03-07T13:00:00Z' })).toBe('package.extension_too_early');
    expect(extensionRefusal(rules, { used: 0, available_at: '2025-03-07T12:00:00Z', now: '2025-03-07T14:00:00Z' })).toBeNull();
    expect(extensionRefusal(rules, { used: 1, available_at: '2025-03-07T12:00:00Z', now: '2025-03-08T14:00:00Z' })).toBe('package.extension_limit');
  });
});
