import { describe, expect, it } from 'vitest';
import { ROLES } from '../roles.js';
import { changesCredentials, isOwnAccount, lastSuperadminProblem, managesUser, ownAccountProblem, removesActiveSuperadmin, userRefusal, userRoleAndMerchant, userScope, userWritableFields, USER_PROFILE_FIELDS } from './users.policy.js';

const ACME = 1;
const GLOBEX = 2;
const superadmin = { id: 1, role: ROLES.superadmin, merchant_id: null };
const acmeAdmin = { id: 3, role: ROLES.merchant_admin, merchant_id: ACME };
const acmeUser = { id: 4, role: ROLES.merchant_user, merchant_id: ACME };
const support = { id: 2, role: ROLES.support, merchant_id: null };

describe('users policy', () => {
  it('a merchant admin manages the merchant roles of its own merchant only, even when a staff row carries its id', () => {
    expect(managesUser(acmeAdmin, acmeUser)).toBe(true);
    expect(managesUser(acmeAdmin, { role: ROLES.merchant_user, merchant_id: GLOBEX })).toBe(false);
    for (const role of [ROLES.superadmin, ROLES.support, ROLES.pudo, ROLES.driver, ROLES.warehouse]) {
      expect(managesUser(acmeAdmin, { role, merchant_id: ACME })).toBe(false);
      expect(userRefusal(acmeAdmin, 'request-token', { id: 99, role, merchant_id: ACME, active: 1 })).toBe('not_found');
      expect(userRefusal(acmeAdmin, 'edit', { id: 99, role, merchant_id: ACME })).toBe('not_found');
    }
    expect(managesUser({ ...acmeAdmin, merchant_id: null }, { role: ROLES.merchant_user, merchant_id: null })).toBe(false);
    expect(managesUser(superadmin, { role: ROLES.support, merchant_id: ACME })).toBe(true);
  });

  it('refuses with the code the API answers: not_found for managers, forbidden for others; nobody deletes themselves', () => {
    expect(userRefusal(acmeUser, 'show', { id: 3, role: ROLES.merchant_admin, merchant_id: ACME })).toBe('forbidden');
    expect(userRefusal(acmeUser, 'show', acmeUser)).toBeNull();
    expect(userRefusal(acmeUser, 'request-token', { ...acmeUser, active: 1 })).toBeNull();
    expect(userRefusal(acmeUser, 'delete', acmeUser)).toBe('forbidden');
    expect(userRefusal(acmeAdmin, 'delete', acmeAdmin)).toBe('user.cannot_delete_self');
    expect(userRefusal(superadmin, 'request-token', { id: 9, role: ROLES.driver, merchant_id: null, active: 0 })).toBe('forbidden');
  });

  it('nobody deactivates their own account; others’ and an already inactive one are not refused', () => {
    const keep = (record: { role: number }, active: boolean) => ({ active, role: record.role });
    expect(ownAccountProblem(acmeAdmin, { ...acmeAdmin, active: 1 }, keep(acmeAdmin, false))).toEqual({ field: 'active', key: 'user_rules.cannot_deactivate_self' });
    expect(ownAccountProblem(superadmin, { ...superadmin, active: true }, keep(superadmin, false))).not.toBeNull();
    expect(ownAccountProblem(acmeAdmin, { ...acmeAdmin, active: 1 }, keep(acmeAdmin, true))).toBeNull();
    expect(ownAccountProblem(acmeAdmin, { ...acmeUser, active: 1 }, keep(acmeUser, false))).toBeNull();
    expect(ownAccountProblem(acmeAdmin, { ...acmeAdmin, active: 0 }, keep(acmeAdmin, false))).toBeNull();
  });

  it('nobody changes their own role (the only superadmin made themselves support); others’ roles change', () => {
    const cannot = { field: 'role', key: 'user_rules.cannot_change_own_role' };
    expect(ownAccountProblem(superadmin, { ...superadmin, active: 1 }, { active: true, role: ROLES.support })).toEqual(cannot);
    expect(ownAccountProblem(acmeAdmin, { ...acmeAdmin, active: 1 }, { active: true, role: ROLES.merchant_user })).toEqual(cannot);
    expect(ownAccountProblem(superadmin, { ...superadmin, active: 1 }, { active: true, role: ROLES.superadmin })).toBeNull();
    expect(ownAccountProblem(acmeAdmin, { ...acmeUser, active: 1 }, { active: true, role: ROLES.merchant_admin })).toBeNull();
  });

  it('keeps one active superadmin: taking the last one away (demoted, deactivated, deleted) is refused', () => {
    const sa = { role: ROLES.superadmin, active: 1 };
    const demote = { active: true, role: ROLES.support };
    const deactivate = { active: false, role: ROLES.superadmin };
    const problem = (field: 'role' | 'active' | null) => ({ field, code: 'user.last_superadmin', key: 'errors.user.last_superadmin' });
    expect(lastSuperadminProblem(sa, demote, 0)).toEqual(problem('role'));
    expect(lastSuperadminProblem(sa, { active: false, role: ROLES.support }, 0)).toEqual(problem('role'));
    expect(lastSuperadminProblem(sa, deactivate, 0)).toEqual(problem('active'));
    expect(lastSuperadminProblem(sa, null, 0)).toEqual(problem(null));
    // Another active superadmin remains: allowed.
    for (const next of [demote, deactivate, null]) expect(lastSuperadminProblem(sa, next, 1)).toBeNull();
    // Nothing taken away: the superadmin stays one (another field changed), or was not an active superadmin.
    expect(lastSuperadminProblem(sa, { active: true, role: ROLES.superadmin }, 0)).toBeNull();
    expect(lastSuperadminProblem({ role: ROLES.superadmin, active: 0 }, null, 0)).toBeNull();
    expect(lastSuperadminProblem({ role: ROLES.support, active: 1 }, null, 0)).toBeNull();
    expect(removesActiveSuperadmin({ role: ROLES.superadmin, active: true }, demote)).toBe(true);
    expect(removesActiveSuperadmin({ role: ROLES.superadmin, active: 0 }, { active: true, role: ROLES.superadmin })).toBe(false);
  });

  it('scopes lists to the merchant roles of the admin’s merchant', () => {
    expect(userScope(superadmin)).toEqual({ kind: 'all' });
    expect(userScope(acmeAdmin)).toEqual({ kind: 'merchant', merchant_id: ACME, roles: [ROLES.merchant_admin, ROLES.merchant_user] });
    expect(userScope(support)).toEqual({ kind: 'self' });
  });

  it('role and merchant agree on every write', () => {
    expect(userRoleAndMerchant(superadmin, { role: ROLES.support, merchant_id: ACME }, null)).toEqual({ merchant_id: null });
    expect(userRoleAndMerchant(superadmin, { role: ROLES.support, merchant_id: ACME }, { role: ROLES.merchant_user })).toEqual({ merchant_id: null });
    expect(userRoleAndMerchant(superadmin, { role: ROLES.merchant_user, merchant_id: null }, null)).toEqual({ field: 'merchant_id', key: 'validation.required' });
    expect(userRoleAndMerchant(acmeAdmin, { role: ROLES.merchant_user, merchant_id: GLOBEX }, null)).toEqual({ merchant_id: ACME });
    expect(userRoleAndMerchant(acmeAdmin, { role: ROLES.support, merchant_id: null }, null)).toEqual({ field: 'role', key: 'validation.in' });
    expect(userRoleAndMerchant(acmeAdmin, { role: ROLES.superadmin, merchant_id: ACME }, { role: ROLES.merchant_user })).toEqual({ field: 'role', key: 'validation.in' });
  });

  it('write masks: managers write every field; everyone else their profile fields on their own record only', () => {
    expect(userWritableFields(acmeAdmin, acmeUser)).toContain('role');
    expect(userWritableFields(acmeUser, acmeUser)).toEqual(USER_PROFILE_FIELDS);
    expect(userWritableFields(acmeUser, { id: 3, role: ROLES.merchant_admin, merchant_id: ACME })).toEqual([]);
    expect(userWritableFields(support, null)).toEqual([]);
  });

  it('own e-mail or password changes need the current password; a manager changing someone else’s does not', () => {
    const own = { ...acmeUser, email: 'me@example.com' };
    expect(changesCredentials(acmeUser, own, { email: 'ME@example.com' })).toBe(false);
    expect(changesCredentials(acmeUser, own, { email: 'new@example.com' })).toBe(true);
    expect(changesCredentials(acmeUser, own, { password: 'a-long-password' })).toBe(true);
    expect(changesCredentials(acmeAdmin, own, { password: 'a-long-password' })).toBe(false);
  });

  it('knows one\'s own account by id', () => {
    expect(isOwnAccount({ id: 4 }, { id: 4 })).toBe(true);
    expect(isOwnAccount({ id: 4 }, { id: 5 })).toBe(false);
  });
});
