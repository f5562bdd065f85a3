import { describe, expect, it } from 'vitest';
import { locations } from './schemas/location.schema.js';
import { calendarInstant, checkRule, instantRangeProblem, dialPrefix, isRequired, normalizeCountry, phoneProblem, translateProblems, validate, type Rule } from './validation.js';

const check = (rule: Rule, value: unknown, values: Record<string, unknown> = {}) => checkRule(rule, value, values)?.key ?? null;

describe('calendar instants', () => {
  it('takes real dates and zoned timestamps, nothing that Date.parse would roll over or guess', () => {
    expect(calendarInstant('2026-11-25')?.toISOString()).toBe('2026-11-25T00:00:00.000Z');
    expect(calendarInstant('2026-11-25T10:30:00.123Z')?.toISOString()).toBe('2026-11-25T10:30:00.123Z');
    expect(calendarInstant('2026-11-25T10:30+01:00')?.toISOString()).toBe('2026-11-25T09:30:00.000Z');
    for (const bad of ['2026-02-30', '2026-13-01', '2026-11-25T24:00:00Z', '2026-11-25T10:60Z', '2026-11-25T10:00:00', 'yesterday', 123, null])
      expect(calendarInstant(bad), String(bad)).toBeNull();
  });

  it('checks a from/to range: real instants, a bare-date end covering its whole day', () => {
    expect(instantRangeProblem({})).toBeNull();
    expect(instantRangeProblem({ from: '2026-11-25T18:00:00Z', to: '2026-11-25' })).toBeNull();
    expect(instantRangeProblem({ from: '2026-02-30' })).toEqual({ field: 'from', message: { key: 'validation.date' } });
    expect(instantRangeProblem({ from: '2026-11-26', to: '2026-11-25' })).toEqual({ field: 'to', message: { key: 'validation.date_order' } });
  });
});

describe('validation rules (SPEC section 5)', () => {
  it('required', () => {
    for (const empty of [undefined, null, '', '   ', []]) expect(check({ rule: 'required' }, empty)).toBe('validation.required');
    expect(check({ rule: 'required' }, 0)).toBeNull();
    expect(check({ rule: 'required' }, false)).toBeNull();
  });

  it("a location's timezone is an IANA zone the runtime knows", () => {
    for (const ok of ['America/Nassau', 'Europe/Madrid', 'UTC', '']) expect(validate({ timezone: locations.update.timezone! }, { timezone: ok }), ok).toEqual({});
    // 'Nassau' or 'EST' with a typo was stored and the place's days then fell back to another clock.
    for (const bad of ['Nassau', 'America/Nasau', 'GMT-5:00'])
      expect(validate({ timezone: locations.update.timezone! }, { timezone: bad }), bad).toEqual({ timezone: { key: 'validation.time_zone' } });
  });

  it("a date's 'today' is the network's day (America/Nassau), not the UTC one", () => {
    const rule: Rule = { rule: 'date', minDays: 0, maxDays: 90 };
    // 20:00 on 28 November in Nassau is 01:00 UTC on the 29th: the merchant's today was refused as past.
    const now = new Date('2026-11-29T01:00:00Z');
    expect(checkRule(rule, '2026-11-28', {}, { now })).toBeNull();
    expect(checkRule(rule, '2027-02-26', {}, { now })).toBeNull();
    expect(checkRule(rule, '2026-11-27', {}, { now })).toEqual({ key: 'validation.date_between', params: { min: '2026-11-28', max: '2027-02-26' } });
    expect(checkRule(rule, '2027-02-27', {}, { now })?.key).toBe('validation.date_between');
    // Summer (UTC-4), and across the March change (90 days still 90 calendar days).
    expect(checkRule(rule, '2026-07-14', {}, { now: new Date('2026-07-15T03:30:00Z') })).toBeNull();
    expect(checkRule(rule, '2026-05-30', {}, { now: new Date('2026-03-01T12:00:00Z') })).toBeNull();
    expect(checkRule(rule, '2026-05-31', {}, { now: new Date('2026-03-01T12:00:00Z') })?.key).toBe('validation.date_between');
  });

  it('required_if', () => {
    const rule: Rule = { rule: 'required_if', field: 'class', equals: 'locker' };
    expect(check(rule, '', { class: 'locker' })).toBe('validation.required');
    expect(check(rule, '', { class: 'pudo' })).toBeNull();
    expect(check(rule, 'smartbox-v3', { class: 'locker' })).toBeNull();
  });

  it('required_without names its target', () => {
    const rule: Rule = { rule: 'required_without', target: 'phone' };
    expect(checkRule(rule, '', { phone: '' })).toEqual({ key: 'validation.required_without', params: { target: 'phone' } });
    expect(check(rule, '', { phone: '2423591234' })).toBeNull();
  });

  it('min and max count characters and skip empty values', () => {
    expect(checkRule({ rule: 'min', length: 3 }, 'ab', {})).toEqual({ key: 'validation.min', params: { length: 3 } });
    expect(check({ rule: 'min', length: 3 }, 'abc')).toBeNull();
    expect(check({ rule: 'min', length: 3 }, '')).toBeNull();
    expect(checkRule({ rule: 'max', length: 3 }, 'abcd', {})).toEqual({ key: 'validation.max', params: { length: 3 } });
    expect(check({ rule: 'max', length: 3 }, 'abc')).toBeNull();
  });

  it('email', () => {
    expect(check({ rule: 'email' }, 'ann@example.com')).toBeNull();
    for (const bad of ['ann', 'ann@', 'ann@example', 'a b@example.com', '@example.com', 42, 'ann@example.com\u200b', 'an\u200dn@example.com', '\u202eann@example.com', 'ann@exa\u00admple.com', 'ann@example.com\u2028x'])
      expect(check({ rule: 'email' }, bad)).toBe('validation.email');
  });

  it('numeric and integer', () => {
    expect(check({ rule: 'numeric' }, '12.5')).toBeNull();
    expect(check({ rule: 'numeric' }, 12)).toBeNull();
    expect(check({ rule: 'numeric' }, '12a')).toBe('validation.numeric');
    expect(check({ rule: 'numeric' }, Number.NaN)).toBe('validation.numeric');
    expect(check({ rule: 'integer', min: 1, max: 90 }, 30)).toBeNull();
    expect(check({ rule: 'integer', min: 1, max: 90 }, 2.5)).toBe('validation.numeric');
    expect(checkRule({ rule: 'integer', min: 1, max: 90 }, 91, {})).toEqual({ key: 'validation.between', params: { min: 1, max: 90 } });
    expect(check({ rule: 'integer', min: 1, max: 90 }, 0)).toBe('validation.between');
  });

  it('confirmed', () => {
    const rule: Rule = { rule: 'confirmed', target: 'password' };
    expect(check(rule, 'secret-123', { password: 'secret-123' })).toBeNull();
    expect(check(rule, 'secret-124', { password: 'secret-123' })).toBe('validation.confirmed');
  });

  it('latitude and longitude', () => {
    expect(check({ rule: 'latitude' }, '25.06')).toBeNull();
    expect(check({ rule: 'latitude' }, -90)).toBeNull();
    expect(check({ rule: 'latitude' }, 90.000001)).toBe('validation.latitude');
    expect(check({ rule: 'latitude' }, 'north')).toBe('validation.latitude');
    expect(check({ rule: 'longitude' }, -77.345)).toBeNull();
    expect(check({ rule: 'longitude' }, 180)).toBeNull();
    expect(check({ rule: 'longitude' }, -180.5)).toBe('validation.longitude');
    expect(check({ rule: 'longitude' }, Number.POSITIVE_INFINITY)).toBe('validation.longitude');
  });

  it('gt0', () => {
    expect(check({ rule: 'gt0' }, 3)).toBeNull();
    expect(check({ rule: 'gt0' }, 0)).toBe('validation.gt0');
    expect(check({ rule: 'gt0' }, -1)).toBe('validation.gt0');
  });

  it('in and boolean', () => {
    expect(check({ rule: 'in', values: ['air', 'road'] }, 'air')).toBeNull();
    expect(check({ rule: 'in', values: ['air', 'road'] }, 'sea')).toBe('validation.in');
    expect(check({ rule: 'boolean' }, true)).toBeNull();
    expect(check({ rule: 'boolean' }, 1)).toBeNull();
    expect(check({ rule: 'boolean' }, 'yes')).toBe('validation.in');
  });
});

describe('phone numbers', () => {
  const phone = (value: string, country = 'BS') => check({ rule: 'phone', countryField: 'country' }, value, { country });

  it('accepts Bahamian numbers', () => {
    expect(phone('242 359 1234')).toBeNull();
    expect(phone('(242) 359-1234')).toBeNull();
    expect(phone('+1 242 359 1234')).toBeNull();
  });

  it('reports too short and too long', () => {
    expect(phone('242 359')).toBe('validation.phone.too_short');
    expect(phone('242 359 1234 5678')).toBe('validation.phone.too_long');
  });

  it('reports numbers that are not valid for the country', () => {
    expect(phone('000 000 0000')).toMatch(/^validation\.phone\./);
    expect(phone('hello')).toMatch(/^validation\.phone\./);
  });

  it('checks against the chosen country', () => {
    expect(phone('612 34 56 78', 'ES')).toBeNull();
    expect(phoneProblem('612 34 56 78', 'BS')).not.toBeNull();
  });

  it('falls back to BS for an unknown country', () => {
    expect(normalizeCountry('XX')).toBe('BS');
    expect(normalizeCountry(undefined)).toBe('BS');
    expect(normalizeCountry('es')).toBe('ES');
    expect(phone('242 359 1234', 'nowhere')).toBeNull();
    expect(dialPrefix('BS')).toBe('+1');
    expect(dialPrefix('ES')).toBe('+34');
  });
});

describe('validate', () => {
  const schema = { name: [{ rule: 'required' }, { rule: 'min', length: 2 }], email: [{ rule: 'email' }] } as Record<string, Rule[]>;

  it('returns the first problem per field', () => {
    expect(validate(schema, { name: '', email: 'x' })).toEqual({
      name: { key: 'validation.required' },
      email: { key: 'validation.email' },
    });
    expect(validate(schema, { name: 'Al' })).toEqual({});
  });

  it('translates problems', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;
    expect(translateProblems({ name: { key: 'validation.min', params: { length: 2 } } }, t)).toEqual({ name: 'validation.min{"length":2}' });
  });

  it('flags required fields', () => {
    expect(isRequired(schema.name)).toBe(true);
    expect(isRequired(schema.email)).toBe(false);
    expect(isRequired(undefined)).toBe(false);
  });
});
