/**
 * Body helpers around the core schemas (core/schemas validateOrThrow gives SPEC section 5 messages,
 * translated by the errors plugin): single-field errors for rules that need the database, and input cleaning.
 */
import { DomainError, type ErrorCode } from '../../core/errors.js';
import type { Db } from './access.js';

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

/**
 * `location_ids` of a body (users, location groups): an array of existing location ids, de-duplicated;
 * 422 `validation.in` when not an array of integers, `validation.exists` when one is unknown; undefined when absent.
 */
export async function validLocationIds(db: Db, body: Record<string, unknown>): Promise<number[] | undefined> {
  if (body.location_ids === undefined) return undefined;
  if (!Array.isArray(body.location_ids)) fieldError('location_ids', 'validation.in');
  const ids = [...new Set(body.location_ids.map(Number))];
  if (ids.some((id) => !Number.isInteger(id))) fieldError('location_ids', 'validation.in');
  const found = ids.length ? await db.selectFrom('locations').select('id').where('id', 'in', ids).execute() : [];
  if (found.length !== ids.length) fieldError('location_ids', 'validation.exists');
  return ids;
}
