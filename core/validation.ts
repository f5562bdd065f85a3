/**
 * Validation rules with the SPEC section 5 messages. One engine for the API, the admin forms and the
 * importer. Messages are i18n keys (`validation.*`) with interpolation params, translated by `t`.
 */
import { validatePhoneNumberLength, isValidPhoneNumber, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY } from './constants.js';
import { NETWORK_TIME_ZONE, isTimeZone, localDay, localDayEnd, localDayStart } from './local-time.js';

export type Rule =
  | { rule: 'required' }
  | { rule: 'required_if'; field: string; equals: unknown }
  | { rule: 'required_without'; target: string }
  | { rule: 'min'; length: number }
  | { rule: 'max'; length: number }
  | { rule: 'email' }
  | { rule: 'numeric' }
  | { rule: 'integer'; min?: number; max?: number }
  | { rule: 'confirmed'; target: string }
  | { rule: 'latitude' }
  | { rule: 'longitude' }
  | { rule: 'gt0' }
  | { rule: 'in'; values: readonly (string | number)[] }
  | { rule: 'phone'; countryField: string }
  | { rule: 'boolean' }
  /** A colour written `#RRGGBB` (the brand colour). */
  | { rule: 'hex_color' }
  /** An IANA time zone the runtime knows (`America/Nassau`). */
  | { rule: 'time_zone' }
  /** A real calendar date `YYYY-MM-DD` (or a midnight ISO timestamp), `minDays`..`maxDays` days from today (the network's day). */
  | { rule: 'date'; minDays?: number; maxDays?: number };

export type Schema = Record<string, Rule[]>;

/** What a rule may need beside the values: the current time (date windows). */
export interface RuleContext {
  now?: Date;
}

/** An untranslated message: an i18n key and its params. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
/** Characters no address shows: controls, format characters (zero-width space, direction marks), separators. */
const INVISIBLE = /[\p{C}\p{Z}]/u;

/**
 * An e-mail address as the API stores it (surrounding spaces aside): one @, a dotted domain, none of the
 * characters mail headers treat specially, and nothing invisible, so `ann@example.com` and `ann@example.com`
 * followed by a zero-width space cannot be two accounts that look the same.
 */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  return EMAIL_RE.test(text) && !INVISIBLE.test(text);
}

/** `#RRGGBB`, the only colour form stored (the brand colour picker's value). */
export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;

export const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A country code we know, else the default (SPEC: an unknown country value falls back to BS). */
export function normalizeCountry(country: unknown): CountryCode {
  const code = typeof country === 'string' ? country.trim().toUpperCase() : '';
  try {
    if (code.length === 2) {
      getCountryCallingCode(code as CountryCode);
      return code as CountryCode;
    }
  } catch {
    /* unknown country */
  }
  return DEFAULT_COUNTRY as CountryCode;
}

export function dialPrefix(country: unknown): string {
  return '+' + getCountryCallingCode(normalizeCountry(country));
}

// Imports check the same (phone, country) pairs over and over: remember recent answers (bounded).
const phoneAnswers = new Map<string, string | null>();
const PHONE_MEMO_LIMIT = 20_000;

/** Checks a phone number against the country's numbering plan; returns a message key or null. */
export function phoneProblem(phone: string, country: unknown): string | null {
  const cc = normalizeCountry(country);
  const key = `${cc}|${phone}`;
  const known = phoneAnswers.get(key);
  if (known !== undefined) return known;
  const answer = checkPhone(phone, cc);
  if (phoneAnswers.size >= PHONE_MEMO_LIMIT) phoneAnswers.clear();
  phoneAnswers.set(key, answer);
  return answer;
}

function checkPhone(phone: string, cc: CountryCode): string | null {
  // A valid number has a valid length: one parse in the common case, the length diagnosis only on failure.
  if (isValidPhoneNumber(phone, cc)) return null;
  const lengthProblem = validatePhoneNumberLength(phone, cc);
  if (lengthProblem === 'TOO_SHORT') return 'validation.phone.too_short';
  if (lengthProblem === 'TOO_LONG') return 'validation.phone.too_long';
  if (lengthProblem === 'INVALID_LENGTH') return 'validation.phone.invalid_length';
  if (lengthProblem === 'INVALID_COUNTRY') return 'validation.phone.invalid_country';
  if (lengthProblem === 'NOT_A_NUMBER') return 'validation.phone.invalid';
  return 'validation.phone.invalid';
}

function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
}

/** Rules whose value is text: a number, boolean, array or object there is refused before any rule runs. */
const TEXT_RULES = new Set<Rule['rule']>(['min', 'max', 'email', 'phone', 'confirmed', 'date', 'hex_color', 'time_zone']);

/**
 * The value's shape, checked before the rules: a field of a schema holds one scalar (arrays and objects
 * are refused; list fields are validated item by item, see core/schemas `nested`), text holds no NUL
 * character (PostgreSQL refuses them), a text field holds a string and a number is finite.
 */
export function shapeProblem(rules: Rule[], value: unknown): Message | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? { key: 'validation.nul' } : null;
  if (typeof value === 'object') return { key: 'validation.scalar' };
  if (typeof value === 'number' && !Number.isFinite(value)) return { key: 'validation.numeric' };
  if (typeof value !== 'number' && typeof value !== 'boolean') return { key: 'validation.scalar' };
  return rules.some((r) => TEXT_RULES.has(r.rule)) ? { key: 'validation.text' } : null;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T00:00(?::00(?:\.000)?)?Z)?$/;

/** The UTC midnight of a real calendar date written `YYYY-MM-DD` (or a midnight ISO timestamp); null otherwise. */
export function calendarDate(value: unknown): Date | null {
  const match = typeof value === 'string' ? DATE_RE.exec(value.trim()) : null;
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? date : null;
}

const INSTANT_RE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * A real instant written as a calendar date (`YYYY-MM-DD`, its UTC midnight) or an ISO timestamp with its zone
 * (`2026-11-25T10:00:00.000Z`, `…+01:00`); null for anything else, 2026-02-30 and 25:00 included (Date.parse would
 * roll them over or guess a zone).
 */
export function calendarInstant(value: unknown): Date | null {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = INSTANT_RE.exec(text);
  if (!match || !calendarDate(match[1])) return null;
  if (match[2] === undefined) return calendarDate(match[1]);
  if (Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * What is wrong with an optional `from`/`to` pair of instants (calendarInstant; a bare-date `to` is that whole day),
 * or null: a date that does not exist (`validation.date`), or `to` before `from` (`validation.date_order`).
 */
export function instantRangeProblem(range: { from?: unknown; to?: unknown }): { field: 'from' | 'to'; message: Message } | null {
  const from = range.from === undefined ? null : calendarInstant(range.from);
  if (range.from !== undefined && !from) return { field: 'from', message: { key: 'validation.date' } };
  const to = range.to === undefined ? null : calendarInstant(range.to);
  if (range.to !== undefined && !to) return { field: 'to', message: { key: 'validation.date' } };
  const wholeDay = typeof range.to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(range.to.trim());
  if (from && to && from.getTime() > to.getTime() + (wholeDay ? DAY_MS - 1 : 0)) return { field: 'to', message: { key: 'validation.date_order' } };
  return null;
}

/**
 * The network's today (America/Nassau: a date typed at 20:00 there is the UTC day after) as its UTC-midnight ms.
 * Kept while `now` stays within that day: an import checks one date per row (Intl costs ~5 µs a call).
 */
let todayCache = { from: 0, to: -1, ms: 0 };
function networkToday(now: Date): number {
  const t = now.getTime();
  if (t < todayCache.from || t > todayCache.to) {
    const day = localDay(now, NETWORK_TIME_ZONE);
    todayCache = { from: localDayStart(day, NETWORK_TIME_ZONE).getTime(), to: localDayEnd(day, NETWORK_TIME_ZONE).getTime(), ms: Date.parse(`${day}T00:00:00Z`) };
  }
  return todayCache.ms;
}

function dateProblem(rule: Extract<Rule, { rule: 'date' }>, value: unknown, context: RuleContext): Message | null {
  const date = calendarDate(value);
  if (!date) return { key: 'validation.date' };
  const now = context.now ?? new Date();
  const today = networkToday(now);
  const min = rule.minDays === undefined ? -Infinity : today + rule.minDays * DAY_MS;
  const max = rule.maxDays === undefined ? Infinity : today + rule.maxDays * DAY_MS;
  if (date.getTime() < min || date.getTime() > max)
    return { key: 'validation.date_between', params: { min: Number.isFinite(min) ? isoDay(min) : '', max: Number.isFinite(max) ? isoDay(max) : '' } };
  return null;
}

/** Checks one rule; returns a message or null. Rules other than required* pass on empty values. */
export function checkRule(rule: Rule, value: unknown, values: Record<string, unknown>, context: RuleContext = {}): Message | null {
  switch (rule.rule) {
    case 'required':
      return isEmpty(value) ? { key: 'validation.required' } : null;
    case 'required_if':
      return values[rule.field] === rule.equals && isEmpty(value) ? { key: 'validation.required' } : null;
    case 'required_without':
      return isEmpty(value) && isEmpty(values[rule.target])
        ? { key: 'validation.required_without', params: { target: rule.target } }
        : null;
  }
  if (isEmpty(value)) return null;
  switch (rule.rule) {
    case 'min':
      return String(value).length < rule.length ? { key: 'validation.min', params: { length: rule.length } } : null;
    case 'max':
      return String(value).length > rule.length ? { key: 'validation.max', params: { length: rule.length } } : null;
    case 'email':
      return isEmail(value) ? null : { key: 'validation.email' };
    case 'numeric':
      return isNumeric(value) ? null : { key: 'validation.numeric' };
    case 'integer': {
      if (!isNumeric(value) || !Number.isInteger(Number(value))) return { key: 'validation.numeric' };
      const n = Number(value);
      if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max))
        return { key: 'validation.between', params: { min: rule.min ?? '', max: rule.max ?? '' } };
      return null;
    }
    case 'confirmed':
      return value === values[rule.target] ? null : { key: 'validation.confirmed' };
    case 'latitude':
      return isNumeric(value) && Math.abs(Number(value)) <= 90 ? null : { key: 'validation.latitude' };
    case 'longitude':
      return isNumeric(value) && Math.abs(Number(value)) <= 180 ? null : { key: 'validation.longitude' };
    case 'gt0':
      return isNumeric(value) && Number(value) > 0 ? null : { key: 'validation.gt0' };
    case 'in':
      return rule.values.includes(value as string | number) ? null : { key: 'validation.in' };
    case 'boolean':
      return typeof value === 'boolean' || value === 0 || value === 1 ? null : { key: 'validation.in' };
    case 'phone': {
      const problem = phoneProblem(String(value), values[rule.countryField]);
      return problem ? { key: problem } : null;
    }
    case 'date':
      return dateProblem(rule, value, context);
    case 'hex_color':
      return typeof value === 'string' && HEX_COLOR_RE.test(value.trim()) ? null : { key: 'validation.hex_color' };
    case 'time_zone':
      return isTimeZone(typeof value === 'string' ? value.trim() : value) ? null : { key: 'validation.time_zone' };
  }
}

/** Validates values against a schema; returns the first problem per field (empty when valid). */
export function validate(schema: Schema, values: Record<string, unknown>, context: RuleContext = {}): Record<string, Message> {
  const problems: Record<string, Message> = {};
  for (const [field, rules] of Object.entries(schema)) {
    const shape = shapeProblem(rules, values[field]);
    if (shape) {
      problems[field] = shape;
      continue;
    }
    for (const rule of rules) {
      const problem = checkRule(rule, values[field], values, context);
      if (problem) {
        problems[field] = problem;
        break;
      }
    }
  }
  return problems;
}

export function translateProblems(problems: Record<string, Message>, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, t(m.key, m.params)]));
}

/** True when the field's rules make it required (the admin shows a required badge). */
export const isRequired = (rules: Rule[] = []) => rules.some((r) => r.rule === 'required');
