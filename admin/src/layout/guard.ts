/**
 * The navigation guard (SPEC section 2) as pure functions: which route name a path is, and where a
 * user must go instead. The layout and the guest layout apply it on every navigation.
 */
import { canAccessRoute, homePath } from '../../../core/permissions.js';
import type { AccessSubject } from '../providers/access.js';
import { isResourceName } from '../providers/access.js';

export const GUEST_PATHS = ['/signin', '/reset-password', '/create-password'];

/** Resources whose admin routes live under a parent record: /shipments/:parent_id/packages/... */
export const NESTED_RESOURCES: Record<string, string> = { packages: 'shipments', batch_items: 'batches' };

const SINGLE_ROUTES: Record<string, string> = {
  '/': 'dashboard',
  '/users/profile': 'users-profile',
  '/merchants/preferences': 'merchants-preferences',
  '/pudo': 'pudo',
  '/warehouse': 'warehouse',
  '/driver': 'driver',
  '/lockers': 'lockers',
  '/messages': 'messages',
};

export const isGuestPath = (pathname: string) => GUEST_PATHS.includes(normalize(pathname));

/** The customer's pages (issue 5) and the locker kiosk (issue 13): open to everyone, signed in or not; no guard applies. */
export const PUBLIC_PREFIXES = ['/respond/', '/track/', '/kiosk/'];
export const isPublicPath = (pathname: string) => PUBLIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** list /{slug}, create /{slug}/create, detail /{slug}/{id}, edit /{slug}/{id}/edit (+ react-admin's /{id}/show). */
function crudRouteName(slug: string, rest: string[]): string | null {
  if (rest.length === 0) return slug;
  if (rest.length === 1) return rest[0] === 'create' ? `${slug}-create` : `${slug}-show`;
  if (rest.length === 2 && rest[1] === 'edit') return `${slug}-edit`;
  if (rest.length === 2 && rest[1] === 'show') return `${slug}-show`;
  return null;
}

/** The route name (core ROUTES key) of a path, or null for a path we do not know. */
export function routeNameForPath(pathname: string): string | null {
  const path = normalize(pathname);
  if (SINGLE_ROUTES[path]) return SINGLE_ROUTES[path];
  const segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third] = segments;
  if (first === 'shipments' && second === 'import') return 'shipments-import';
  // A nested resource's import wizard: /batches/2/batch_items/import[/step]
  if (third && NESTED_RESOURCES[third] === first && segments[3] === 'import' && segments.length <= 5) return `${third}-import`;
  if (third && NESTED_RESOURCES[third] === first) return crudRouteName(third, segments.slice(3));
  // Nested resources have no top-level screens (/packages, /batch_items/3): unknown, so the user goes home.
  if (first && isResourceName(first) && !NESTED_RESOURCES[first]) return crudRouteName(first, segments.slice(1));
  return null;
}

/**
 * Where to send the user instead of `pathname`, or null to let them in.
 * `user` is null for a guest (undefined while unknown: callers wait).
 */
export function guardRedirect(pathname: string, user: AccessSubject | null): string | null {
  const path = normalize(pathname);
  if (isPublicPath(path)) return null;
  if (isGuestPath(path)) return user ? homePath(user.role) : null;
  if (!user) return '/signin';
  const name = routeNameForPath(path);
  if (name && canAccessRoute(user, name)) return null;
  const home = homePath(user.role);
  return home === path ? null : home;
}
