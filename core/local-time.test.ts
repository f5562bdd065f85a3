import { describe, expect, it } from 'vitest';
import { addLocalBusinessDays, addLocalDays, isTimeZone, localDay, localDayEnd, localDayStart, zoneOf } from './local-time.js';

describe('local time', () => {
  it('knows IANA zones and falls back to the network zone', () => {
    expect(isTimeZone('America/Nassau')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Nassau')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(zoneOf(null, 'Nassau', 'Europe/Madrid')).toBe('Europe/Madrid');
    expect(zoneOf(undefined, 'Mars/Olympus')).toBe('America/Nassau');
  });

  it('reads the day in a zone, across DST', () => {
    expect(localDay(new Date('2026-11-27T01:00:00Z'), 'America/Nassau')).toBe('2026-11-26'); // 20:00 EST
    expect(localDay(new Date('2026-07-15T03:59:59Z'), 'America/Nassau')).toBe('2026-07-14'); // 23:59 EDT
    expect(localDay(new Date('2026-07-15T04:00:00Z'), 'America/Nassau')).toBe('2026-07-15');
  });

  it('adds calendar and business days at the same clock time', () => {
    expect(addLocalDays(new Date('2026-03-07T07:30:00.250Z'), 2, 'America/Nassau').toISOString()).toBe('2026-03-09T06:30:00.250Z'); // 02:30 EST -> 02:30 EDT
    // 01:30 on 1 November 2026 happens twice (EDT, then EST): the first.
    expect(addLocalDays(new Date('2026-10-31T05:30:00Z'), 1, 'America/Nassau').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // 02:30 on 8 March 2026 does not exist in Nassau: the clock reads 03:30 EDT.
    expect(addLocalDays(new Date('2026-03-07T07:30:00Z'), 1, 'America/Nassau').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(addLocalBusinessDays(new Date('2026-11-28T02:00:00Z'), 1, 'America/Nassau').toISOString()).toBe('2026-12-01T02:00:00.000Z');
  });

  it('bounds a calendar day in a zone (23 h on the spring change)', () => {
    expect(localDayStart('2026-03-08', 'America/Nassau').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(localDayEnd('2026-03-08', 'America/Nassau').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(localDayStart('2026-11-01', 'America/Nassau').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(localDayEnd('2026-11-01', 'America/Nassau').toISOString()).toBe('2026-11-02T04:59:59.999Z');
  });
});
