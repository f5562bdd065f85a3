import { describe, expect, it } from 'vitest';
import { ROLES, ROLE_GROUPS, assignableRoles, defaultLocationScope, isAdminRole, isMerchantRole, isRole, isStoreRole, roleMatches, roleName } from './roles.js';

describe('roles', () => {
  it('are the SPEC bit flags', () => {
    expect(ROLES).toEqual({ superadmin: 1, support: 2, merchant_admin: 4, merchant_user: 8, pudo: 16, driver: 64, warehouse: 128 });
  });

  it('groups superadmin+support (3), merchant admin+user (12) and the four back-office roles (15)', () => {
    expect(ROLE_GROUPS.admin).toBe(3);
    expect(ROLE_GROUPS.merchant).toBe(12);
    expect(ROLE_GROUPS.backoffice).toBe(15);
    expect(ROLE_GROUPS.store).toBe(16 | 128);
  });

  it('names and recognises roles', () => {
    expect(roleName(8)).toBe('merchant_user');
    expect(roleName(3)).toBeUndefined();
    expect(isRole(64)).toBe(true);
    expect(isRole(32)).toBe(false);
    expect(isRole('1')).toBe(false);
  });

  it('matches masks', () => {
    expect(roleMatches(ROLES.support, ROLE_GROUPS.admin)).toBe(true);
    expect(roleMatches(ROLES.pudo, ROLE_GROUPS.backoffice)).toBe(false);
    expect(isMerchantRole(ROLES.merchant_user)).toBe(true);
    expect(isAdminRole(ROLES.merchant_admin)).toBe(false);
    expect(isStoreRole(ROLES.warehouse)).toBe(true);
    expect(isStoreRole(ROLES.driver)).toBe(false);
  });

  it('limits which roles can be assigned', () => {
    expect(assignableRoles(ROLES.superadmin)).toHaveLength(7);
    expect(assignableRoles(ROLES.merchant_admin)).toEqual([ROLES.merchant_admin, ROLES.merchant_user]);
    expect(assignableRoles(ROLES.merchant_user)).toEqual([]);
    expect(assignableRoles(ROLES.support)).toEqual([]);
  });

  it('lands merchant roles on their own (pickup) locations and everyone else on drop-off ones', () => {
    expect(defaultLocationScope(ROLES.merchant_admin)).toBe('pickup');
    expect(defaultLocationScope(ROLES.merchant_user)).toBe('pickup');
    for (const role of [ROLES.superadmin, ROLES.support, ROLES.pudo, ROLES.warehouse, ROLES.driver]) expect(defaultLocationScope(role)).toBe('dropoff');
  });
});
