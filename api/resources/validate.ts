/**
 * Body helpers around the core schemas (core/schemas validateOrThrow gives SPEC section 5 messages,
 * translated by the errors plugin): single-field errors for rules that need the database, and input cleaning.
 */
import { DomainError, type ErrorCode } from '../../core/errors.js';

export { validateOrThrow, schemas } from '../../core/schemas/index.js';

/** A single-field error (e.g. a location that does not exist): 422 unless another code is given. */
export function fieldError(field: string, key: string, code: ErrorCode = 'validation.failed', params?: Record<string, string | number>): never {
  throw new DomainError(code, code, { fields: { [field]: key }, problems: { [field]: { key, params } } });
}

/** '' becomes null and strings are trimmed; other values pass. */
export function clean(value: unknown): unknown {
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' ? null : v;
  }
  return value;
}

/** The listed keys present in the body, cleaned (unknown keys are ignored). */
export function pick<K extends string>(body: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = clean(body[k]);
  return out;
}

export const toInt = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const toFlag = (v: unknown): number => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);
