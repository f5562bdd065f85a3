/** Rule fragments shared by the resource schemas (bounds from core/constants.ts BOUNDS). */
import { getCountries } from 'libphonenumber-js/min';
import { BOUNDS, LOCALES } from '../constants.js';
import type { Rule, Schema } from '../validation.js';

/** ISO 3166-1 alpha-2 codes known to the phone numbering plan (upper case, e.g. 'BS'). */
export const COUNTRY_CODES: readonly string[] = getCountries();

const REQUIRED: Rule = { rule: 'required' };
const req = (required: boolean): Rule[] => (required ? [REQUIRED] : []);

export const nameField = (required = true): Rule[] => [
  ...req(required),
  { rule: 'min', length: BOUNDS.name.min },
  { rule: 'max', length: BOUNDS.name.max },
];

export const email = (required = true): Rule[] => [...req(required), { rule: 'email' }, { rule: 'max', length: BOUNDS.email.max }];

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A foreign key: a positive integer that fits the id columns. */
export const id = (required = false): Rule[] => [...req(required), { rule: 'integer', min: 1, max: MAX_ID }];

export const integer = (min: number, max: number, required = false): Rule[] => [...req(required), { rule: 'integer', min, max }];

export const oneOf = (values: readonly (string | number)[], required = false): Rule[] => [
  ...req(required),
  { rule: 'in', values },
];

export const text = (max: number, required = false): Rule[] => [...req(required), { rule: 'max', length: max }];

export const bool: Rule[] = [{ rule: 'boolean' }];
export const country: Rule[] = [{ rule: 'in', values: COUNTRY_CODES }];
export const locale: Rule[] = [{ rule: 'in', values: LOCALES }];

/** Optional new password with its confirmation (the confirmation must equal it). */
export const password = (required: boolean): Schema => ({
  password: [...req(required), { rule: 'min', length: BOUNDS.password.min }, { rule: 'max', length: BOUNDS.password.max }],
  password_confirmation: [...req(required), { rule: 'confirmed', target: 'password' }],
});

/** Recipient / customer contact, named as on batch items: e-mail or phone (checked against the country). */
export const contact: Schema = {
  first_name: nameField(),
  last_name: nameField(),
  email: [{ rule: 'required_without', target: 'phone' }, ...email(false)],
  phone: [{ rule: 'required_without', target: 'email' }, { rule: 'phone', countryField: 'country' }],
  country,
};

/** The schema without any `required` rule (e.g. for filters or drafts). */
export function withoutRequired(schema: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schema).map(([field, rules]) => [field, rules.filter((r) => r.rule !== 'required' && r.rule !== 'required_without')]),
  );
}

/** The schema without the given fields (e.g. immutable on update). */
export function omit(schema: Schema, ...fields: string[]): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([field]) => !fields.includes(field)));
}
