/** Roles are bit flags (SPEC section 6). A user has exactly one role bit. */
export const ROLES = {
  superadmin: 1,
  support: 2,
  merchant_admin: 4,
  merchant_user: 8,
  pudo: 16,
  driver: 64,
  warehouse: 128,
} as const;

export type RoleName = keyof typeof ROLES;
export type Role = (typeof ROLES)[RoleName];

/** Groups of roles used in permission masks. */
export const ROLE_GROUPS = {
  /** superadmin + customer support */
  admin: ROLES.superadmin | ROLES.support,
  /** merchant admin + merchant user */
  merchant: ROLES.merchant_admin | ROLES.merchant_user,
  /** all four back-office roles */
  backoffice: ROLES.superadmin | ROLES.support | ROLES.merchant_admin | ROLES.merchant_user,
  /** PUDO and warehouse staff */
  store: ROLES.pudo | ROLES.warehouse,
  all: 1 | 2 | 4 | 8 | 16 | 64 | 128,
} as const;

export const ROLE_NAMES = Object.keys(ROLES) as RoleName[];

export function roleName(role: number): RoleName | undefined {
  return ROLE_NAMES.find((name) => ROLES[name] === role);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'number' && ROLE_NAMES.some((name) => ROLES[name] === value);
}

/** True when the role's bit is in the mask. */
export function roleMatches(role: number, mask: number): boolean {
  return (role & mask) !== 0;
}

export const isMerchantRole = (role: number) => roleMatches(role, ROLE_GROUPS.merchant);
export const isAdminRole = (role: number) => roleMatches(role, ROLE_GROUPS.admin);
export const isStoreRole = (role: number) => roleMatches(role, ROLE_GROUPS.store);

/**
 * The locations list's scope when none is asked for. SPEC section 2 says drop-off, which is what staff
 * work with; a merchant's own locations are all pickup ones, so merchant roles land on those instead of an
 * empty list (docs/permissions.md).
 */
export const defaultLocationScope = (role: number): 'dropoff' | 'pickup' => (isMerchantRole(role) ? 'pickup' : 'dropoff');

/** Which roles each role may assign when creating or editing users. */
export function assignableRoles(role: number): Role[] {
  if (role === ROLES.superadmin) return Object.values(ROLES);
  if (role === ROLES.merchant_admin) return [ROLES.merchant_admin, ROLES.merchant_user];
  return [];
}
