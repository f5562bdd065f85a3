/**
 * `users create` on top of the API's users service (api/resources/users/users.service.ts): the same
 * validation (core user schema, SPEC section 5 messages), e-mail uniqueness, argon2id hashing and
 * create-password mail as the web interface, with a system superadmin as the actor.
 */
import { ROLES, ROLE_NAMES, isMerchantRole, roleName, type Role, type RoleName } from '../core/roles.js';
import { isDomainError } from '../core/errors.js';
import type { Translate } from '../core/validation.js';
import { createUser } from '../api/resources/users/users.service.js';
import type { ServiceContext } from '../api/resources/access.js';
import { CliError } from './errors.js';

/** Role names as typed on the command line (snake_case; kebab-case is accepted too). */
export const ROLE_CHOICES: readonly RoleName[] = ROLE_NAMES;

export function parseRoleName(input: string, t: Translate): Role {
  const name = input.trim().toLowerCase().replace(/-/g, '_') as RoleName;
  if (!ROLE_NAMES.includes(name)) throw new CliError(t('cli.unknown_role', { role: input, roles: ROLE_NAMES.join(', ') }));
  return ROLES[name];
}

export interface NewUser {
  email: string;
  role: Role;
  merchantId?: number;
  firstName?: string;
  lastName?: string;
  password?: string;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Names when none are given: "jane.doe@…" -> Jane Doe; "ops@…" as a superadmin -> Ops Superadmin. */
export function defaultNames(email: string, role: Role, t: Translate): { first: string; last: string } {
  const words = (email.trim().split('@')[0] ?? '').split(/[._+-]+/).filter((w) => w.length >= 2);
  return { first: capitalize(words[0] ?? 'New'), last: words[1] ? capitalize(words[1]) : t(`roles.${roleName(role)}`) };
}

/** The command-line option behind each validated field, for messages. */
const OPTION_OF: Record<string, string> = {
  email: '--email',
  first_name: '--first-name',
  last_name: '--last-name',
  role: '--role',
  merchant_id: '--merchant',
  password: 'password',
};

/** A DomainError from the service as one line: "--email: Must be a valid email address." */
function describeRefusal(error: unknown, t: Translate): CliError | unknown {
  if (!isDomainError(error)) return error;
  const problems = Object.entries(error.problems ?? {});
  if (problems.length) {
    return new CliError(problems.map(([field, p]) => `${OPTION_OF[field] ?? field}: ${t(p.key, p.params)}`).join(' '));
  }
  return new CliError(t(`errors.${error.code}`, error.params));
}

export async function createUserAccount(ctx: ServiceContext, t: Translate, input: NewUser): Promise<{ id: number; email: string }> {
  if (!isMerchantRole(input.role) && input.merchantId !== undefined) throw new CliError(t('cli.merchant_only_for_merchant_roles'));
  const email = input.email.trim().toLowerCase();
  const names = defaultNames(email, input.role, t);
  try {
    const { id } = await createUser(ctx, {
      email,
      role: input.role,
      merchant_id: input.merchantId ?? null,
      first_name: input.firstName ?? names.first,
      last_name: input.lastName ?? names.last,
      password: input.password,
      password_confirmation: input.password,
    });
    return { id: Number(id), email };
  } catch (error) {
    throw describeRefusal(error, t);
  }
}
