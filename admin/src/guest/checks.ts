/**
 * core/validation and the guest schemas, fetched with the first submit: they bring libphonenumber (~22 kB
 * gzip) that the pages' first paint does not need. Should they fail to load, the API's own checks answer.
 */
import { loadChunk } from '../components/lazyScreen.js';
import type { Message } from '../../../core/validation.js';

export type FieldProblems = Record<string, Message>;

const load = () =>
  Promise.all([
    import('../../../core/validation.js'),
    import('../../../core/schemas/auth.schema.js'),
    import('../../../core/schemas/common.js'),
  ]).then(([v, s, common]) => ({
    validate: v.validate,
    // The new password and its confirmation (reset and create password; token and e-mail come from the link).
    schemas: { login: s.auth.login, forgot: s.auth.forgot, password: common.password(true) },
  }));

export type GuestForm = 'login' | 'forgot' | 'password';

/** The problems of `values` against the guest form's core schema; none when the checks cannot be loaded. */
export async function checkGuestForm(form: GuestForm, values: Record<string, unknown>): Promise<FieldProblems> {
  const checks = await loadChunk(load).catch(() => null);
  return checks ? checks.validate(checks.schemas[form], values) : {};
}
