import { describe, expect, it } from 'vitest';
import { dashboardRange, daysOf } from './dashboard.js';

/** Noon UTC: the same calendar day in the network's time zone (America/Nassau). */
const NOW = new Date('2026-11-26T12:00:00Z');

describe('dashboardRange', () => {
  it('defaults to the last 30 days, or the 30 from `from` up to today', () => {
    expect(dashboardRange({}, NOW)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(dashboardRange({ from: '2026-01-01' }, NOW)).toEqual({ from: '2026-01-01', to: '2026-01-30' });
    expect(dashboardRange({ from: '2026-11-20' }, NOW)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
    expect(dashboardRange({ to: '2026-02-10' }, NOW)).toEqual({ from: '2026-01-12', to: '2026-02-10' });
    expect(dashboardRange({ from: '1970-01-01', to: '1970-01-01' }, NOW)).toEqual({ from: '1970-01-01', to: '1970-01-01' });
  });

  it.each([
    [{ to: 'tomorrow' }, 'to'],
    [{ to: '0000-00-00' }, 'to'],
    [{ to: '2026-02-30' }, 'to'],
    [{ to: '2026-13-01' }, 'to'],
    [{ from: '1970-01-01', to: '1970-01-00' }, 'to'],
    [{ from: '2026-11-32', to: '2026-12-01' }, 'from'],
    [{ to: '' }, 'to'],
    [{ from: 'yesterday' }, 'from'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
  ])('a lone or garbled end %o is refused as not a date on %s, never thrown', (query, field) => {
    expect(dashboardRange(query, NOW)).toEqual({ field, problem: 'invalid' });
  });

  it('a lone `to` whose 30 days would start before year 0 is refused, not answered with a garbled `from`', () => {
    expect(dashboardRange({ to: '0000-01-05' }, NOW)).toEqual({ field: 'from', problem: 'invalid' });
    expect(dashboardRange({ to: '0000-01-30' }, NOW)).toEqual({ from: '0000-01-01', to: '0000-01-30' });
  });

  it('a `from` after today alone is out of order, not a garbled `to`', () => {
    expect(dashboardRange({ from: '9999-12-31' }, NOW)).toEqual({ field: 'to', problem: 'order' });
    expect(dashboardRange({ from: '2026-12-01' }, NOW)).toEqual({ field: 'to', problem: 'order' });
  });

  it('refuses an inverted or too long range', () => {
    expect(dashboardRange({ from: '2026-03-01', to: '2026-01-01' }, NOW)).toEqual({ field: 'to', problem: 'order' });
    expect(dashboardRange({ from: '2024-01-01', to: '2026-01-01' }, NOW)).toEqual({ field: 'to', problem: 'too_long' });
  });
});

describe('daysOf', () => {
  it('lists every day of a range, the last days of year 9999 too (the day after is written +010000-01-01)', () => {
    expect(daysOf('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    expect(daysOf('2026-01-02', '2026-01-01')).toEqual([]);
  });
});
