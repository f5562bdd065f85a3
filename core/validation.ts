/**
 * Validation rules with the SPEC section 5 messages. One engine for the API, the admin forms and the
 * importer. Messages are i18n keys (`validation.*`) with interpolation params, translated by `t`.
 */
import { validatePhoneNumberLength, isValidPhoneNumber, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import { DEFAULT_COUNTRY } from './constants.js';

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
  | { rule: 'boolean' };

export type Schema = Record<string, Rule[]>;

/** An untranslated message: an i18n key and its params. */
export interface Message {
  key: string;
  params?: Record<string, string | number>;
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

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

/** Checks one rule; returns a message or null. Rules other than required* pass on empty values. */
export function checkRule(rule: Rule, value: unknown, values: Record<string, unknown>): Message | null {
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
      return typeof value === 'string' && EMAIL_RE.test(value.trim()) ? null : { key: 'validation.email' };
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
  }
}

/** Validates values against a schema; returns the first problem per field (empty when valid). */
export function validate(schema: Schema, values: Record<string, unknown>): Record<string, Message> {
  const problems: Record<string, Message> = {};
  for (const [field, rules] of Object.entries(schema)) {
    for (const rule of rules) {
      const problem = checkRule(rule, values[field], values);
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
