/**
 * User creation for the CLI: validates with the core user schema (SPEC section 5 messages), hashes
 * with argon2id (api/auth/passwords.ts), and inserts in one transaction. There is no signed-in actor:
 * the operator with database access acts as the system.
 */
import type { Kysely } from 'kysely';
import { ROLES, ROLE_NAMES, roleName, type Role, type RoleName } from '../core/roles.js';
import { schemas } from '../core/schemas/index.js';
import { validate } from '../core/validation.js';
import { translate } from '../core/i18n/index.js';
import { hashPassword } from '../api/auth/passwords.js';
import type { Database } from '../api/db/tables.js';
import { CliError } from './errors.js';

const translateEn = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

/** Role names as typed on the command line (snake_case; kebab-case is accepted too). */
export const ROLE_CHOICES: readonly RoleName[] = ROLE_NAMES;

export function parseRoleName(input: string): Role {
  const name = input.trim().toLowerCase().replace(/-/g, '_') as RoleName;
  if (!ROLE_NAMES.includes(name)) throw new CliError(`unknown role "${input}"; use one of: ${ROLE_NAMES.join(', ')}.`);
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

/**
 * Names when none are given: "jane.doe@…" -> Jane Doe; "ops@…" as a superadmin -> Ops Superadmin.
 */
export function defaultNames(email: string, role: Role): { first: string; last: string } {
  const words = (email.split('@')[0] ?? '').split(/[._+-]+/).filter((w) => w.length >= 2);
  const label = translateEn(`roles.${roleName(role)}`);
  return { first: capitalize(words[0] ?? 'New'), last: words[1] ? capitalize(words[1]) : label };
}

/** Command-line option that carries each validated field, for messages. */
const OPTION_OF: Record<string, string> = {
  email: '--email',
  first_name: '--first-name',
  last_name: '--last-name',
  role: '--role',
  merchant_id: '--merchant',
  password: 'password',
};

export async function createUser(db: Kysely<Database>, input: NewUser): Promise<{ id: number; email: string }> {
  const email = input.email.trim().toLowerCase();
  const names = defaultNames(email, input.role);
  const values: Record<string, unknown> = {
    email,
    role: input.role,
    merchant_id: input.merchantId,
    first_name: (input.firstName ?? names.first).trim(),
    last_name: (input.lastName ?? names.last).trim(),
    password: input.password,
    password_confirmation: input.password,
  };
  const problems = validate(schemas.users.create, values);
  const fields = Object.keys(problems);
  if (fields.length) {
    throw new CliError(fields.map((f) => `${OPTION_OF[f] ?? f}: ${translateEn(problems[f].key, problems[f].params)}`).join(' '));
  }
  const merchantRole = input.role === ROLES.merchant_admin || input.role === ROLES.merchant_user;
  if (!merchantRole && input.merchantId !== undefined) {
    throw new CliError('--merchant only applies to the merchant_admin and merchant_user roles.');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;

  return db.transaction().execute(async (trx) => {
    if (input.merchantId !== undefined) {
      const merchant = await trx.selectFrom('merchants').select('id').where('id', '=', input.merchantId).executeTakeFirst();
      if (!merchant) throw new CliError(`merchant ${input.merchantId} does not exist.`);
    }
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) throw new CliError(`${email}: ${translateEn('errors.user.email_taken')}`);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('users')
      .values({
        email,
        first_name: String(values.first_name),
        last_name: String(values.last_name),
        password_hash: passwordHash,
        role: input.role,
        merchant_id: input.merchantId ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.merchantId !== undefined) {
      await trx
        .updateTable('merchants')
        .set((eb) => ({ user_count: eb('user_count', '+', 1) }))
        .where('id', '=', input.merchantId)
        .execute();
    }
    return { id: Number(row.id), email };
  });
}
