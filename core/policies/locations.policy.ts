/**
 * Locations policy (DESIGN.md section 8, users policy shape): which locations an actor reaches, who changes
 * one, and who sets its type and merchant. Approve / create-terminal are the `locations.review` permission
 * (core/policies/route.permissions.ts). Pure functions: no I/O, browser-safe.
 */
import { ROLES, isAdminRole, isStoreRole } from '../roles.js';

interface LocationActor {
  role: number;
  merchant_id: number | null;
}

/**
 * all: staff; merchant: the actor's merchant's own (plus active drop-off points when picking); store: the
 * actor's locations (idem); active: every active location (drivers); none: nothing.
 */
export type LocationScope = 'all' | 'merchant' | 'store' | 'active' | 'none';

export function locationScope(actor: LocationActor): LocationScope {
  if (isAdminRole(actor.role)) return 'all';
  if (actor.role === ROLES.merchant_admin && actor.merchant_id != null) return 'merchant';
  if (isStoreRole(actor.role)) return 'store';
  if (actor.role === ROLES.driver) return 'active';
  return 'none';
}

/** Staff (the admin roles) change every location; a merchant admin its merchant's own; nobody else any. */
export const managesLocation = (actor: LocationActor, location: { merchant_id: number | null }): boolean =>
  isAdminRole(actor.role) || (actor.role === ROLES.merchant_admin && location.merchant_id === actor.merchant_id);

/** Only a superadmin sets a location's type and merchant; anyone else's locations are of their own merchant. */
export const setsLocationOwner = (actor: LocationActor): boolean => actor.role === ROLES.superadmin;
