import { describe, expect, it } from 'vitest';
import { ALL_FEATURES, FEATURES } from './features.js';
import { MENU, ROUTES, actorHasFeature, canAccessRoute, canCrud, canSeeField, canUseFilter, homePath } from './permissions.js';
import { ROLES, type RoleName } from './roles.js';

const as = (role: RoleName, features = ALL_FEATURES) => ({ role: ROLES[role], features });
const allowed = (route: string, features = ALL_FEATURES) =>
  (Object.keys(ROLES) as RoleName[]).filter((r) => canAccessRoute(as(r, features), route)).sort();

describe('route access (SPEC section 6, as decided in core/permissions.ts)', () => {
  it.each([
    ['dashboard', ['merchant_admin', 'merchant_user', 'superadmin', 'support']],
    ['shipments', ['merchant_admin', 'merchant_user', 'superadmin', 'support']],
    ['shipments-show', ['merchant_admin', 'merchant_user', 'superadmin', 'support']],
    ['shipments-create', ['merchant_admin', 'superadmin', 'support']],
    ['shipments-edit', ['merchant_admin', 'superadmin', 'support']],
    ['shipments-import', ['merchant_admin', 'superadmin', 'support']],
    ['batch_items-import', ['merchant_admin', 'superadmin', 'support']],
    ['packages-create', ['merchant_admin', 'superadmin', 'support']],
    ['batches', ['merchant_admin', 'merchant_user', 'superadmin', 'support']],
    ['batch_items', ['merchant_admin', 'merchant_user', 'superadmin', 'support']],
    ['manifests', ['merchant_admin', 'merchant_user', 'superadmin', 'support', 'warehouse']],
    ['manifests-create', ['merchant_admin', 'superadmin']],
    ['manifests-edit', ['merchant_admin', 'superadmin']],
    ['locations', ['merchant_admin', 'superadmin', 'support']],
    ['locations-create', ['merchant_admin', 'superadmin']],
    ['locations-edit', ['merchant_admin', 'superadmin']],
    ['location_groups', ['superadmin']],
    ['location_groups-edit', ['superadmin']],
    ['merchants', ['superadmin']],
    ['merchants-create', ['superadmin']],
    ['users', ['merchant_admin', 'superadmin']],
    ['users-create', ['merchant_admin', 'superadmin']],
    ['merchants-preferences', ['merchant_admin']],
    ['pudo', ['pudo']],
    ['warehouse', ['warehouse']],
    ['driver', ['driver']],
    ['lockers', ['driver', 'superadmin', 'support']],
  ])('%s -> %j', (route, roles) => {
    expect(allowed(route)).toEqual([...roles].sort());
  });

  it('lets superadmin and support view locations', () => {
    expect(canAccessRoute(as('superadmin'), 'locations')).toBe(true);
    expect(canAccessRoute(as('support'), 'locations')).toBe(true);
    expect(canAccessRoute(as('support'), 'locations-create')).toBe(false);
  });

  it('opens the profile to every signed-in role', () => {
    expect(allowed('users-profile')).toHaveLength(7);
  });

  it('keeps store staff and drivers off the back office', () => {
    expect(canAccessRoute(as('pudo'), 'pudo')).toBe(true);
    expect(canAccessRoute(as('pudo'), 'dashboard')).toBe(false);
    expect(canAccessRoute(as('driver'), 'shipments')).toBe(false);
    expect(canAccessRoute(as('warehouse'), 'users')).toBe(false);
  });

  it('checks merchant features for merchant roles only', () => {
    expect(canAccessRoute(as('merchant_admin', FEATURES.content), 'merchants-preferences')).toBe(true);
    expect(canAccessRoute(as('merchant_admin', ALL_FEATURES & ~FEATURES.content), 'merchants-preferences')).toBe(false);
    expect(canAccessRoute(as('merchant_user', 0), 'batches')).toBe(false);
    expect(canAccessRoute(as('merchant_admin', FEATURES.batches), 'batches')).toBe(true);
    expect(canAccessRoute(as('merchant_admin', 0), 'manifests')).toBe(false);
    // Superadmin and support have every feature whatever the bitmask says.
    expect(canAccessRoute(as('support', 0), 'batches')).toBe(true);
    expect(actorHasFeature(as('superadmin', 0), FEATURES.postpayments)).toBe(true);
    expect(actorHasFeature(as('merchant_user', FEATURES.branding), FEATURES.postpayments)).toBe(false);
  });

  it('refuses unknown routes', () => {
    expect(canAccessRoute(as('superadmin'), 'nope')).toBe(false);
  });

  it('has a route for every menu entry', () => {
    for (const entry of MENU) expect(ROUTES[entry.route], entry.key).toBeDefined();
  });
});

describe('home by role', () => {
  it.each([
    ['superadmin', '/'],
    ['support', '/'],
    ['merchant_admin', '/'],
    ['merchant_user', '/'],
    ['pudo', '/pudo'],
    ['warehouse', '/warehouse'],
    ['driver', '/driver'],
  ] as [RoleName, string][])('%s -> %s', (role, path) => {
    expect(homePath(ROLES[role])).toBe(path);
  });

  it('sends every role home to a route it may access', () => {
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const entry = MENU.find((m) => m.path === homePath(ROLES[role]));
      expect(entry && canAccessRoute(as(role), entry.route), role).toBe(true);
    }
  });
});

describe('resource policies and masks', () => {
  it('applies CRUD roles', () => {
    expect(canCrud(as('merchant_user'), 'shipments', 'list')).toBe(true);
    expect(canCrud(as('merchant_user'), 'shipments', 'create')).toBe(false);
    expect(canCrud(as('support'), 'manifests', 'create')).toBe(false);
    expect(canCrud(as('merchant_admin', 0), 'batches', 'list')).toBe(false);
  });

  it('limits location columns and filters to superadmin and support', () => {
    for (const field of ['active', 'approved', 'code', 'package_count']) {
      expect(canSeeField(ROLES.support, 'locations', field)).toBe(true);
      expect(canSeeField(ROLES.merchant_admin, 'locations', field)).toBe(false);
    }
    expect(canSeeField(ROLES.merchant_admin, 'locations', 'name')).toBe(true);
    expect(canUseFilter(ROLES.superadmin, 'locations', 'approved')).toBe(true);
    expect(canUseFilter(ROLES.merchant_admin, 'locations', 'locker_service')).toBe(false);
    expect(canUseFilter(ROLES.support, 'users', 'role')).toBe(true);
    expect(canUseFilter(ROLES.merchant_admin, 'users', 'role')).toBe(false);
  });
});

describe('dashboard charts (issue 15)', () => {
  it('every role with the dashboard screen has its charts (the screen does not check again), and only staff the network', async () => {
    const { PERMISSIONS } = await import('./policies/route.permissions.js');
    expect(PERMISSIONS['dashboard.kpis'].roles).toBe(ROUTES.dashboard!.roles);
    expect(PERMISSIONS['dashboard.network'].roles).toBe(ROLES.superadmin | ROLES.support);
  });
});
