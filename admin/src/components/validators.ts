/**
 * Bridges core validation (core/validation.ts) to react-admin forms. Messages are i18n keys; react-admin
 * translates `{ message, args }` itself, and the hooks below return already-translated strings.
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { checkRule, validate, type Rule, type Schema, type Translate } from '../../../core/validation.js';

type Values = Record<string, unknown>;
export type FormErrors = Record<string, unknown>;

/** Rule params naming another field (`required_without`'s target) shown as that field's label. */
function labelledParams(params: Record<string, string | number> | undefined, t: Translate, resource?: string) {
  if (!resource || typeof params?.target !== 'string') return params;
  return { ...params, target: t(`resources.${resource}.fields.${params.target}`, { _: params.target }) };
}

/** The value at a dotted path (`branding.email_theme`), for schema fields inside JSON objects. */
const valueAt = (values: Values, path: string): unknown =>
  path.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Values)[key] : undefined), values);

/** Sets an error at a dotted path as nested objects, the shape react-hook-form reads errors in. */
function setAt(errors: FormErrors, path: string, message: string): void {
  const keys = path.split('.');
  let at = errors;
  for (const key of keys.slice(0, -1)) at = (at[key] ??= {}) as FormErrors;
  at[keys[keys.length - 1]] = message;
}

/**
 * A react-admin form-level `validate` function for a core Schema; strings translated by `t`. A field named
 * with a dotted path (`branding.email_theme`) is read from, and reported at, that place in the values.
 */
export function schemaValidator(schema: Schema, t: Translate, nested: Record<string, Schema> = {}, resource?: string) {
  return (values: Values): FormErrors => {
    const errors: FormErrors = {};
    const dotted = Object.keys(schema).filter((field) => field.includes('.'));
    const flat = dotted.length ? { ...values, ...Object.fromEntries(dotted.map((field) => [field, valueAt(values, field)])) } : values;
    for (const [field, m] of Object.entries(validate(schema, flat))) setAt(errors, field, t(m.key, labelledParams(m.params, t, resource)));
    // Array inputs (e.g. a shipment's packages): one error object per row, keyed like the row.
    for (const [field, rowSchema] of Object.entries(nested)) {
      const rows = Array.isArray(values[field]) ? (values[field] as Values[]) : [];
      const rowErrors = rows.map((row) => schemaValidator(rowSchema, t, {}, resource)(row ?? {}));
      if (rowErrors.some((e) => Object.keys(e).length > 0)) errors[field] = rowErrors;
    }
    return errors;
  };
}

/** Hook form of schemaValidator using the current locale. */
export function useSchemaValidator(schema: Schema, nested?: Record<string, Schema>, resource?: string) {
  const translate = useTranslate();
  return useMemo(() => schemaValidator(schema, translate as Translate, nested, resource), [schema, nested, translate, resource]);
}

/** Per-input react-admin validators for a list of core rules (first failing rule wins). */
export function fieldValidators(rules: Rule[], t?: Translate) {
  return [
    (value: unknown, allValues: Values) => {
      for (const rule of rules) {
        const problem = checkRule(rule, value, allValues ?? {});
        if (problem) return t ? t(problem.key, problem.params) : { message: problem.key, args: problem.params ?? {} };
      }
      return undefined;
    },
  ];
}
