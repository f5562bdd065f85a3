/**
 * Request bodies derived from the core field definitions (core/schemas): one definition per field. The
 * derived TypeBox schema checks the SHAPE (an object; a scalar where a field holds one value; a list of
 * objects where a field holds items) and documents each field's rules in the OpenAPI document; the field
 * rules themselves (required, lengths, ranges, dates, phones...) stay in core/schemas and answer with the
 * SPEC's messages (validateOrThrow), so a value is judged in one place only.
 */
import { Type, type TArray, type TObject, type TOptional, type TSchema, type TUnsafe } from 'typebox';
import type { Rule, Schema } from '../validation.js';

/** What one form field carries on the wire: text, a number, a flag, or null (cleared). */
export type ScalarValue = string | number | boolean | null;
const SCALAR_TYPES = ['string', 'number', 'boolean', 'null'];

/** The words the OpenAPI document shows for a field's rules. */
function describeRule(rule: Rule): string {
  switch (rule.rule) {
    case 'required':
      return 'required';
    case 'required_if':
      return `required when ${rule.field} is ${String(rule.equals)}`;
    case 'required_without':
      return `required without ${rule.target}`;
    case 'min':
      return `at least ${rule.length} characters`;
    case 'max':
      return `at most ${rule.length} characters`;
    case 'integer':
      return `integer${rule.min !== undefined ? ` ${rule.min}..${rule.max ?? ''}` : ''}`;
    case 'in':
      return rule.values.length <= 30 ? `one of ${rule.values.join(', ')}` : 'one of a fixed list';
    case 'confirmed':
      return `equal to ${rule.target}`;
    case 'phone':
      return `phone number of the ${rule.countryField} country`;
    case 'date':
      return 'a calendar date YYYY-MM-DD';
    case 'boolean':
      return 'true/false or 1/0';
    default:
      return rule.rule;
  }
}

/** One scalar field: any JSON scalar passes the shape check; its rules are checked by core/validation. */
export function scalarField(rules: readonly Rule[] = [], description?: string): TUnsafe<ScalarValue> {
  const words = description ?? rules.map(describeRule).join('; ');
  return Type.Unsafe<ScalarValue>({ type: SCALAR_TYPES, ...(words ? { description: words } : {}) });
}

export type FieldsObject<S extends Schema> = TObject<{ [K in keyof S]: TOptional<TUnsafe<ScalarValue>> }>;

/** An open object of the schema's fields (all optional on the wire: `required` is a rule with its own message). */
export function fieldsObject<S extends Schema>(schema: S, description?: string): FieldsObject<S> {
  const properties = Object.fromEntries(Object.entries(schema).map(([field, rules]) => [field, Type.Optional(scalarField(rules))]));
  return Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) }) as unknown as FieldsObject<S>;
}

/** A body of the schema's fields plus extra, typed fields (lists of items, id lists, JSON settings). */
export function bodyOf<S extends Schema, X extends Record<string, TSchema> = Record<never, never>>(schema: S, extra?: X, description?: string) {
  const base = fieldsObject(schema, description);
  const properties = { ...base.properties, ...(extra ?? {}) } as FieldsObject<S>['properties'] & { [K in keyof X]: TOptional<X[K]> };
  for (const key of Object.keys(extra ?? {})) (properties as Record<string, TSchema>)[key] = Type.Optional((extra as Record<string, TSchema>)[key]);
  return Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
}

/** A list of item objects (e.g. a shipment's packages), each item checked by its own field rules. */
export const itemsOf = <S extends Schema>(schema: S, description?: string): TArray<FieldsObject<S>> =>
  Type.Array(fieldsObject(schema), description ? { description } : {});
