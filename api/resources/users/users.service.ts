/**
 * Users. Who manages whom, which fields each may write and how role and merchant agree are
 * core/policies/users.policy.ts; this service loads the facts, asks it and writes. Passwords are hashed and
 * never returned; a new user without a password gets the create-password mail; a new password ends the
 * user's other sessions and API tokens. Email is unique (422 user.email_taken).
 */
import { sql } from 'kysely';
import { DomainError } from '../../../core/errors.js';
import {
  changesCredentials,
  managesUser,
  userRefusal,
  userRoleAndMerchant,
  ownAccountProblem,
  removesActiveSuperadmin,
  userWritableFields,
  USER_MANAGED_FIELDS,
  type UserRecord,
} from '../../../core/policies/users.policy.js';
import { isStoreRole } from '../../../core/roles.js';
import { userDefaults } from '../../../core/schemas/index.js';
import { normalizeCountry } from '../../../core/validation.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { deleteUnusedPasswordLinks, sendPasswordLink } from '../../auth/password-links.js';
import { endOtherSignIns } from '../../auth/sessions.js';
import { LOGIN_LIMITS, clear, reserve } from '../../auth/throttle.js';
import type { RequestActor } from '../../http/context.js';
import type { Db, ServiceContext } from '../access.js';
import { parseJson, type Row, type Verdicts } from '../module.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { fieldError, pick, schemas, toFlag, validLocationIds, validateOrThrow } from '../validate.js';
import { anotherActiveSuperadmin, keepsAnActiveSuperadmin, lockActiveSuperadmins, refuseIfLastSuperadmin } from './last-superadmin.js';
import { locationIdsOf, refreshUserCount } from './users.repository.js';

export async function userVerdicts(rows: Row[], actor: RequestActor): Promise<Map<number, Verdicts>> {
  return new Map(
    rows.map((row) => {
      const record = row as UserRecord;
      const v: Verdicts = { show: userRefusal(actor, 'show', record), edit: userRefusal(actor, 'edit', record), delete: userRefusal(actor, 'delete', record) };
      return [row.id as number, v];
    }),
  );
}

export const presentUser = (row: Row): Row => ('preferences' in row ? { ...row, preferences: parseJson(row.preferences, {}) } : row);

function normalize(values: Row): Row {
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  if (values.country !== undefined) values.country = normalizeCountry(values.country);
  for (const k of ['role', 'merchant_id'] as const) if (values[k] != null && values[k] !== '' && Number.isFinite(Number(values[k]))) values[k] = Number(values[k]);
  return values;
}

async function checkEmail(db: Db, email: unknown, exceptId?: number) {
  if (typeof email !== 'string') return;
  let q = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) fieldError('email', 'errors.user.email_taken', 'user.email_taken');
}

/** Role and merchant made to agree (users policy); a sent merchant must exist. */
async function checkRoleAndMerchant(ctx: ServiceContext, values: Row, stored: Row | null) {
  const agreed = userRoleAndMerchant(ctx.actor, { role: values.role, merchant_id: values.merchant_id }, stored as UserRecord | null);
  if ('field' in agreed) fieldError(agreed.field, agreed.key);
  values.merchant_id = agreed.merchant_id;
  // The id's shape first: the lookup below must not see a list or an out-of-range number.
  validateOrThrow({ merchant_id: schemas.users.create.merchant_id }, values);
  if (values.merchant_id != null && !(await ctx.db.selectFrom('merchants').select('id').where('id', '=', values.merchant_id).executeTakeFirst())) {
    fieldError('merchant_id', 'validation.exists');
  }
}

/**
 * Changing one's own e-mail or password needs the current password (422 on `current_password`); guesses are
 * throttled like sign-in attempts, so a session alone cannot try passwords without limit.
 */
async function checkCurrentPassword(ctx: ServiceContext, row: Row, values: Row, body: Row) {
  if (!changesCredentials(ctx.actor, row as UserRecord & { email?: string }, values)) return;
  const given = typeof body.current_password === 'string' ? body.current_password : '';
  if (given === '') fieldError('current_password', 'errors.user.current_password_required', 'user.current_password_required');
  const key = `profile:password:${row.id}`;
  const wait = await reserve(ctx.db, ctx.app.clock, key, LOGIN_LIMITS.account);
  if (wait > 0) throw new DomainError('auth.throttled', undefined, { params: { seconds: wait } });
  if (!(await verifyPassword(row.password_hash, given))) fieldError('current_password', 'errors.user.current_password_wrong', 'user.current_password_wrong');
  await clear(ctx.db, key);
}

/** Store staff (PUDO, warehouse) work at the linked locations; other roles have none. */
async function locationIds(db: Db, body: Row, role: number): Promise<number[] | undefined> {
  return isStoreRole(role) ? validLocationIds(db, body) : [];
}

async function linkLocations(trx: Db, userId: number, ids: number[] | undefined) {
  if (!ids) return;
  await trx.deleteFrom('user_locations').where('user_id', '=', userId).execute();
  if (ids.length) await trx.insertInto('user_locations').values(ids.map((location_id) => ({ user_id: userId, location_id }))).execute();
}

/** Preferences (locale, default pickup location, default export format) merged over the stored ones. */
function preferences(body: Row, stored: string | null): string | undefined {
  if (body.preferences === undefined) return undefined;
  const prefs = body.preferences;
  if (prefs === null || typeof prefs !== 'object' || Array.isArray(prefs)) fieldError('preferences', 'validation.in');
  const values = pick(prefs, ['locale', 'default_pickup', 'default_export_format']);
  try {
    validateOrThrow(schemas.userPreferences, values);
  } catch (e) {
    const problems = (e as DomainError).problems ?? {};
    const [field, problem] = Object.entries(problems)[0] ?? ['locale', { key: 'validation.in' }];
    fieldError(`preferences.${field}`, problem.key, 'validation.failed', problem.params);
  }
  return JSON.stringify({ ...parseJson<Row>(stored, {}), ...values });
}

async function passwordHash(values: Row): Promise<string | undefined> {
  return typeof values.password === 'string' && values.password !== '' ? hashPassword(values.password) : undefined;
}

export async function createUser(ctx: ServiceContext, body: Row) {
  const given = pick(body, userWritableFields(ctx.actor, null));
  // No language sent (or an empty one): the creating account's (core userDefaults).
  if (given.locale == null) delete given.locale;
  const values = normalize({ ...userDefaults(ctx.actor.user.locale), ...given, password: body.password, password_confirmation: body.password_confirmation });
  await checkRoleAndMerchant(ctx, values, null);
  validateOrThrow(schemas.users.create, values);
  await checkEmail(ctx.db, values.email);
  const locations = await locationIds(ctx.db, body, values.role);
  const prefs = preferences(body, null);
  const hash = await passwordHash(values);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('users')
      .values({
        ...Object.fromEntries(USER_MANAGED_FIELDS.map((f) => [f, values[f] ?? null])),
        active: toFlag(values.active),
        password_hash: hash ?? null,
        ...(prefs ? { preferences: prefs } : {}),
        created_at: ctx.now,
        updated_at: ctx.now,
      } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkLocations(trx, id, locations);
    await refreshUserCount(trx, values.merchant_id);
    return id;
  });
  if (!hash) await sendPasswordLink(ctx.app, { id, email: values.email, first_name: values.first_name, locale: values.locale }, 'create');
  return { id };
}

export async function updateUser(ctx: ServiceContext, row: Row, body: Row) {
  const managed = managesUser(ctx.actor, row as UserRecord);
  const fields = userWritableFields(ctx.actor, row as UserRecord);
  const values = normalize({ ...Object.fromEntries(fields.map((f) => [f, row[f]])), ...pick(body, fields), password: body.password, password_confirmation: body.password_confirmation });
  if (managed) await checkRoleAndMerchant(ctx, values, row);
  const next = { active: toFlag(values.active) === 1, role: Number(values.role) };
  const own = managed ? ownAccountProblem(ctx.actor, row as UserRecord, next) : null;
  if (own) fieldError(own.field, own.key);
  validateOrThrow(managed ? schemas.users.update : schemas.profile, values);
  await checkCurrentPassword(ctx, row, values, body);
  await checkEmail(ctx.db, values.email, row.id);
  const locations = managed ? await locationIds(ctx.db, body, values.role ?? row.role) : undefined;
  const prefs = preferences(body, row.preferences);
  const hash = await passwordHash(values);
  // Taking an active superadmin away: the write is guarded so that at least one remains (last-superadmin.ts).
  const guarded = managed && removesActiveSuperadmin(row as UserRecord, next);
  await ctx.db.transaction().execute(async (trx) => {
    const set: Row = { ...Object.fromEntries(fields.map((f) => [f, values[f] ?? null])), updated_at: ctx.now };
    if (managed) set.active = toFlag(values.active);
    if (prefs) set.preferences = prefs;
    if (hash) set.password_hash = hash;
    if (guarded) await lockActiveSuperadmins(trx, ctx.app.dialect);
    let write = trx.updateTable('users').set(set as any).where('id', '=', row.id).where('updated_at', '=', row.updated_at);
    if (guarded) write = write.where(anotherActiveSuperadmin(row.id));
    const n = await write.executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) {
      if (guarded) await refuseIfLastSuperadmin(trx, row as UserRecord, next);
      throw new DomainError('conflict.stale');
    }
    await linkLocations(trx, row.id, locations);
    if (managed && values.merchant_id !== row.merchant_id) {
      await refreshUserCount(trx, row.merchant_id);
      await refreshUserCount(trx, values.merchant_id);
    }
    // Deactivating ends every sign-in: the API token too, so reactivating the account later does not revive it.
    if (set.active === 0 && row.active === 1) await endOtherSignIns(trx, row.id);
    // Whoever knew the old password is signed out; the session making the change stays.
    else if (hash) await endOtherSignIns(trx, row.id, row.id === ctx.actor.id ? ctx.actor.session_id : undefined);
    // A link mailed to the old address (a typo corrected) no longer sets this account's password.
    else if (values.email !== row.email) await deleteUnusedPasswordLinks(trx, row.id);
  });
}

export async function deleteUser(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    // At least one active superadmin remains (last-superadmin.ts): asked of the row as it is when deleted.
    await lockActiveSuperadmins(trx, ctx.app.dialect);
    await refuseIfInUse(trx, 'users', row.id, ctx.actor);
    await trx.deleteFrom('user_locations').where('user_id', '=', row.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', row.id).execute();
    await trx.deleteFrom('api_tokens').where('user_id', '=', row.id).execute();
    await trx.deleteFrom('password_tokens').where('user_id', '=', row.id).execute();
    const n = await trx.deleteFrom('users').where('id', '=', row.id).where(keepsAnActiveSuperadmin(row.id)).executeTakeFirst();
    if (Number(n.numDeletedRows) !== 1) {
      const now = await trx.selectFrom('users').select(['id', 'role', 'active']).where('id', '=', row.id).executeTakeFirst();
      if (now) await refuseIfLastSuperadmin(trx, now, null);
    }
    await refreshUserCount(trx, row.merchant_id);
  });
}

export async function userIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'merchant_id', 'merchants', 'merchant_name');
  return { merchant_name: r.merchant_name, location_ids: await locationIdsOf(ctx.db, row.id) };
}
