/** The sign-in routes' bodies (docs/auth.md), derived from the guest forms' field definitions (core/schemas auth). */
import { Type, type Static, type TSchema } from 'typebox';
import { LOCALES } from '../constants.js';
import { schemas } from '../schemas/index.js';
import { bodyOf } from './fields.js';

export const LoginBody = bodyOf(schemas.auth.login, {}, 'Form data or JSON');
export type LoginBody = Static<typeof LoginBody>;
export const ForgotPasswordBody = bodyOf(schemas.auth.forgot);
export const SetPasswordBody = bodyOf(schemas.auth.reset, {}, 'The token of the mailed link, the e-mail and the new password twice');
export type SetPasswordBody = Static<typeof SetPasswordBody>;

export const LocaleBody = Type.Object({ locale: Type.Union(LOCALES.map((l) => Type.Literal(l))) });
export type LocaleBody = Static<typeof LocaleBody>;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The signed-in user (GET /api/user, POST /api/login): who they are, their merchant, features and locations. */
export const CurrentUser = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  role: Type.Integer(),
  merchant_id: nullable(Type.Integer()),
  // merchant, location_ids and locations are always sent; optional for clients that build a user by hand (tests).
  merchant: Type.Optional(nullable(Type.Object({ id: Type.Integer(), name: Type.String(), features: Type.Integer() }))),
  /** Effective features: every feature for superadmin and support, else the merchant's. */
  features: Type.Integer({ description: 'effective features: all for superadmin and support, else the merchant\'s' }),
  locale: Type.String(),
  country: Type.String(),
  preferences: Type.Object(
    { default_pickup: Type.Optional(nullable(Type.Integer())), default_export_format: Type.Optional(nullable(Type.String())) },
    { additionalProperties: true },
  ),
  location_ids: Type.Optional(Type.Array(Type.Integer())),
  locations: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), class: Type.String() }))),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const TokenResponse = Type.Object({ token: Type.String() });
