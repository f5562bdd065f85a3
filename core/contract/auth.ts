/** The sign-in routes' bodies (docs/auth.md), derived from the guest forms' field definitions (core/schemas auth). */
import { Type, type Static } from 'typebox';
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

/** The signed-in user (GET /api/user, POST /api/login): the user record plus what the admin needs. */
export const CurrentUser = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    first_name: Type.Union([Type.String(), Type.Null()]),
    last_name: Type.Union([Type.String(), Type.Null()]),
    role: Type.Integer(),
    merchant_id: Type.Union([Type.Integer(), Type.Null()]),
    locale: Type.String(),
  },
  { additionalProperties: true },
);
export type CurrentUser = Static<typeof CurrentUser> & Record<string, unknown>;

export const TokenResponse = Type.Object({ token: Type.String() });
