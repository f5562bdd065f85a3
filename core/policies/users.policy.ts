/**
 * Users policy (DESIGN.md section 8): the one definition of who may create, read, update and delete users,
 * who manages whom (the CRUD routes, the per-record verdicts, the list scope and `request-token` all ask
 * here), the read and write field masks, and how role and merchant must agree on every write.
 *
 * Rules (docs/permissions.md, "User management rules"):
 * - only merchant roles (merchant admin, merchant user) belong to a merchant: any other role has no
 *   merchant_id, whatever is sent or stored;
 * - a superadmin manages everyone; a merchant admin manages the merchant roles of its own merchant (a staff
 *   account that carries a merchant id, a legacy row, is not theirs); nobody else manages anyone;
 * - everyone reads and edits their own record (the profile), limited to the profile fields; changing one's
 *   own e-mail or password needs the current password.
 * - at least one active superadmin remains: demoting, deactivating or deleting the last one is refused
 *   (`lastSuperadminProblem`; the API asks it inside the write's transaction).
 * Pure data and functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
import { ROLES, ROLE_GROUPS, assignableRoles, isMerchantRole, roleMatches } from '../roles.js';

const { superadmin, merchant_admin } = ROLES;
const MANAGERS = superadmin | merchant_admin;

/** Who may use each CRUD action at all (role masks; core/permissions RESOURCES.users reads this). */
export const USER_CRUD_ROLES = { list: MANAGERS, show: MANAGERS, create: MANAGERS, edit: MANAGERS, delete: MANAGERS } as const;

/** Read masks: fields only some roles see (core/permissions FIELD_MASKS / FILTER_MASKS read these). */
export const USER_FIELD_MASK: Record<string, number> = { role: ROLE_GROUPS.admin | merchant_admin };
export const USER_FILTER_MASK: Record<string, number> = { role: ROLE_GROUPS.admin, merchant_id: superadmin };

/** Write masks: what a manager sets on a user it manages, and what anyone sets on their own profile. */
export const USER_MANAGED_FIELDS = ['first_name', 'last_name', 'email', 'role', 'merchant_id', 'locale', 'country', 'active'] as const;
export const USER_PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'locale', 'country'] as const;

export const USER_ACTIONS = ['show', 'edit', 'delete', 'request-token'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

export interface UserActor {
  id: number;
  role: number;
  merchant_id: number | null;
}

/** A stored user as the policy needs it. */
export interface UserRecord {
  id: number;
  role: number;
  merchant_id: number | null;
  active?: number | boolean | null;
}

/** Only merchant roles belong to a merchant: the merchant id a user of `role` has, given the stored/sent one. */
export const userMerchantId = (role: number, merchantId: number | null | undefined): number | null =>
  isMerchantRole(role) && merchantId != null ? merchantId : null;

/** The merchant a merchant admin manages (null for legacy rows without one, and for every other role). */
const managedMerchant = (actor: UserActor): number | null => (actor.role === merchant_admin ? userMerchantId(actor.role, actor.merchant_id) : null);

/** True when the actor manages the user: superadmin everyone; merchant admin the merchant roles of its merchant. */
export function managesUser(actor: UserActor, record: Pick<UserRecord, 'role' | 'merchant_id'>): boolean {
  if (actor.role === superadmin) return true;
  const merchant = managedMerchant(actor);
  return merchant != null && isMerchantRole(record.role) && record.merchant_id === merchant;
}

/**
 * Which users the actor may open (lists without `recordAccess` leave `self` out for merchant admins):
 * all; the given roles of one merchant; or only themselves.
 */
export type UserScope = { kind: 'all' } | { kind: 'merchant'; merchant_id: number; roles: number[] } | { kind: 'self' };

export function userScope(actor: UserActor): UserScope {
  if (actor.role === superadmin) return { kind: 'all' };
  const merchant = managedMerchant(actor);
  if (merchant != null) return { kind: 'merchant', merchant_id: merchant, roles: [ROLES.merchant_admin, ROLES.merchant_user] };
  return { kind: 'self' };
}

/** The CRUD role check before any record is loaded (everyone may show and edit themselves). */
export function userCrudAllowed(actor: UserActor, action: keyof typeof USER_CRUD_ROLES, id?: number): boolean {
  if ((action === 'show' || action === 'edit') && id === actor.id) return true;
  return roleMatches(actor.role, USER_CRUD_ROLES[action]);
}

/**
 * Why the actor may not do `action` to the user (null when allowed). A record outside what the actor
 * manages answers `not_found` to roles that manage users (as a foreign record anywhere), else `forbidden`.
 */
export function userRefusal(actor: UserActor, action: UserAction, record: UserRecord): ErrorCode | null {
  const self = isOwnAccount(actor, record);
  const managed = managesUser(actor, record);
  if (action === 'request-token' && record.active != null && !record.active) return self || managed ? 'forbidden' : hidden(actor);
  if (action === 'delete') {
    if (!managed) return hidden(actor);
    return self ? 'user.cannot_delete_self' : null;
  }
  return self || managed ? null : hidden(actor);
}

const hidden = (actor: UserActor): ErrorCode => (roleMatches(actor.role, MANAGERS) ? 'not_found' : 'forbidden');

/** The fields the actor may write on `record` (null: a new user); managers get the full set on users they manage. */
/** Whether the record is the actor's own account (its own profile fields; a new e-mail or password needs the current one). */
export const isOwnAccount = (actor: Pick<UserActor, 'id'>, record: Pick<UserRecord, 'id'>): boolean => record.id === actor.id;

export function userWritableFields(actor: UserActor, record: UserRecord | null): readonly string[] {
  if (record === null) return roleMatches(actor.role, USER_CRUD_ROLES.create) ? USER_MANAGED_FIELDS : [];
  return managesUser(actor, record) ? USER_MANAGED_FIELDS : isOwnAccount(actor, record) ? USER_PROFILE_FIELDS : [];
}

/** A problem with the role/merchant pair of a write, or with one's own account: the field and its message key. */
export interface UserWriteProblem {
  field: 'role' | 'merchant_id' | 'active';
  key: string;
}

/**
 * Nobody deactivates their own account (as nobody deletes it): it would end their sessions and lock them out,
 * a merchant's only admin or the only superadmin for good. Nor changes their own role: a superadmin who made
 * themselves support (or a merchant admin a merchant user) lost the user screens at once, and the only superadmin
 * left the platform with none. Another manager does either. `next` is the record as the write would store it.
 */
export function ownAccountProblem(actor: UserActor, record: UserRecord, next: { active: boolean; role: number }): UserWriteProblem | null {
  if (!isOwnAccount(actor, record)) return null;
  if (next.role !== Number(record.role)) return { field: 'role', key: 'user_rules.cannot_change_own_role' };
  return !next.active && Boolean(record.active) ? { field: 'active', key: 'user_rules.cannot_deactivate_self' } : null;
}

/** What an "active superadmin" is, as the API counts them: the superadmin role on an active account. */
export const ACTIVE_SUPERADMIN = { role: superadmin, active: 1 } as const;

const isActiveSuperadmin = (role: unknown, active: unknown): boolean => Number(role) === superadmin && Boolean(active);

/**
 * Whether the change takes an active superadmin away: `record` is one, and `next` (the record as the write would
 * store it; null when the user is deleted) is not (demoted to another role, deactivated, or gone).
 */
export function removesActiveSuperadmin(record: Pick<UserRecord, 'role' | 'active'>, next: { active: boolean; role: number } | null): boolean {
  if (!isActiveSuperadmin(record.role, record.active)) return false;
  return next === null || !isActiveSuperadmin(next.role, next.active);
}

/**
 * The network always keeps at least one active superadmin: nobody else could then manage merchants, staff or other
 * superadmins. A change that takes an active superadmin away (`removesActiveSuperadmin`) is refused when no other
 * active superadmin remains; `otherActiveSuperadmins` counts them (the record's own row left out), read in the same
 * transaction as the write. Nobody changes their own role or account (`ownAccountProblem`), so this only bites when
 * two superadmins demote, deactivate or delete each other at the same moment: one of them wins, the other is told.
 * 422 `user.last_superadmin`, on `role` (a demotion), `active` (a deactivation) or without a field (a deletion).
 */
export function lastSuperadminProblem(
  record: Pick<UserRecord, 'role' | 'active'>,
  next: { active: boolean; role: number } | null,
  otherActiveSuperadmins: number,
): LastSuperadminProblem | null {
  if (!removesActiveSuperadmin(record, next) || otherActiveSuperadmins > 0) return null;
  const field = next === null ? null : Number(next.role) !== superadmin ? 'role' : 'active';
  return { field, code: 'user.last_superadmin', key: 'errors.user.last_superadmin' };
}

/** The last-superadmin refusal: its code, its message key and the field it is about (none for a deletion). */
export interface LastSuperadminProblem {
  field: 'role' | 'active' | null;
  code: ErrorCode;
  key: string;
}

/**
 * Role and merchant of a user write made to agree: the role must be one the actor assigns (on a create or
 * a role change); a merchant admin's users are always of its merchant; any role but a merchant role gets no
 * merchant (a sent or kept merchant_id is cleared, e.g. a merchant user promoted to support). Returns the
 * merchant_id to store, or the problem. Whether a sent merchant exists is the API's lookup.
 */
export function userRoleAndMerchant(
  actor: UserActor,
  values: { role: number; merchant_id: number | null | undefined },
  stored: Pick<UserRecord, 'role'> | null,
): { merchant_id: number | null } | UserWriteProblem {
  const roleChanged = stored === null || stored.role !== values.role;
  if (roleChanged && !(assignableRoles(actor.role) as number[]).includes(values.role)) return { field: 'role', key: 'validation.in' };
  const merchant = actor.role === superadmin ? values.merchant_id : managedMerchant(actor);
  if (isMerchantRole(values.role) && merchant == null) return { field: 'merchant_id', key: 'validation.required' };
  return { merchant_id: userMerchantId(values.role, merchant) };
}

/** Own-record credential changes (e-mail or password) that need the current password. */
export function changesCredentials(actor: UserActor, record: UserRecord & { email?: string }, values: { email?: unknown; password?: unknown }): boolean {
  if (!isOwnAccount(actor, record)) return false;
  const newPassword = typeof values.password === 'string' && values.password !== '';
  const newEmail = typeof values.email === 'string' && values.email.toLowerCase() !== String(record.email ?? '').toLowerCase();
  return newPassword || newEmail;
}
