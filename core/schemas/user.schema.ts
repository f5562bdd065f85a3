import { EXPORT_FORMATS } from '../constants.js';
import { ROLES } from '../roles.js';
import type { Schema } from '../validation.js';
import { bool, country, email, id, locale, nameField, oneOf, password } from './common.js';

/**
 * A user. Merchant roles (merchant admin, merchant user) must belong to a merchant; which roles an actor
 * may assign is `assignableRoles` (core/roles.ts), checked by the API. New users get a create-password
 * mail, so the password is optional here.
 */
const user: Schema = {
  first_name: nameField(),
  last_name: nameField(),
  email: email(),
  role: oneOf(Object.values(ROLES), true),
  merchant_id: [
    { rule: 'required_if', field: 'role', equals: ROLES.merchant_admin },
    { rule: 'required_if', field: 'role', equals: ROLES.merchant_user },
    ...id(),
  ],
  locale,
  country,
  active: bool,
  ...password(false),
};

export const users = { create: user, update: user };

/** The current user's own profile (/users/profile): no role, merchant or active flag. */
export const profile: Schema = {
  first_name: nameField(),
  last_name: nameField(),
  email: email(),
  locale,
  country,
  ...password(false),
};

/** Changing one's own password (profile page): the current one, then the new one twice. */
export const passwordChange: Schema = {
  current_password: [{ rule: 'required' }],
  ...password(true),
};

/** User preferences (locale, default pickup location, default export format). */
export const userPreferences: Schema = {
  locale,
  default_pickup: id(),
  default_export_format: oneOf(EXPORT_FORMATS),
};
