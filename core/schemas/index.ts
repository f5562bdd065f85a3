/**
 * Validation schemas per resource (`schemas.<resource>.create/update`), shared by the API, the admin
 * forms and the importer, and `validateOrThrow` for the API.
 */
import { DomainError } from '../errors.js';
import { validate, type Message, type Schema } from '../validation.js';
import { auth } from './auth.schema.js';
import { batch_items, respondAnswer } from './batch-item.schema.js';
import { batches } from './batch.schema.js';
import { location_groups } from './location-group.schema.js';
import { locations, terminal } from './location.schema.js';
import { manifests } from './manifest.schema.js';
import { contentType, merchantBranding, merchantPreferences, merchants } from './merchant.schema.js';
import { packageItem, packages } from './package.schema.js';
import { shipments } from './shipment.schema.js';
import { passwordChange, profile, userPreferences, users } from './user.schema.js';

export const schemas = {
  shipments,
  packages,
  packageItem,
  batches,
  batch_items,
  respondAnswer,
  manifests,
  locations,
  location_groups,
  merchants,
  users,
  auth,
  profile,
  passwordChange,
  userPreferences,
  merchantPreferences,
  merchantBranding,
  contentType,
  terminal,
};

export interface ValidateOptions {
  /** Check only the fields present in `values` (partial updates); absent fields keep their stored value. */
  partial?: boolean;
  /** Array fields validated item by item, e.g. `{ packages: schemas.packageItem }`; problems keyed `packages.0.size`. */
  nested?: Record<string, Schema>;
  /** The current time for date windows (the API's clock); defaults to the system time. */
  now?: Date;
}

const has = (values: object, field: string) => Object.prototype.hasOwnProperty.call(values, field);

/** All problems of `values` (first per field), untranslated. Empty when valid. */
export function collectProblems(schema: Schema, values: Record<string, unknown>, options: ValidateOptions = {}): Record<string, Message> {
  const active = options.partial ? Object.fromEntries(Object.entries(schema).filter(([f]) => has(values, f))) : schema;
  const problems = validate(active, values, { now: options.now });
  for (const [field, itemSchema] of Object.entries(options.nested ?? {})) {
    const list = values[field];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      problems[field] = { key: 'validation.in' };
      continue;
    }
    list.forEach((item, index) => {
      const itemValues = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        problems[`${field}.${index}`] = { key: 'validation.scalar' };
        return;
      }
      for (const [f, m] of Object.entries(validate(itemSchema, itemValues, { now: options.now }))) problems[`${field}.${index}.${f}`] = m;
    });
  }
  return problems;
}

/**
 * Throws DomainError('validation.failed') when `values` break the schema. `problems` keeps the message
 * keys and params (translate per request); `fields` holds the bare keys for code that only needs them.
 */
export function validateOrThrow(schema: Schema, values: Record<string, unknown>, options?: ValidateOptions): void {
  const problems = collectProblems(schema, values, options);
  if (Object.keys(problems).length === 0) return;
  const fields = Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, m.key]));
  throw new DomainError('validation.failed', 'validation.failed', { fields, problems });
}

export * from './defaults.js';
export { COUNTRY_CODES, withoutRequired, omit } from './common.js';
