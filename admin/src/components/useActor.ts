import { useGetIdentity } from 'react-admin';
import { canSeeField, canUseFilter, type ResourceName } from '../../../core/permissions.js';
import type { CurrentUser } from '../providers/session.js';

/** The signed-in user as the permission rules see it (identity comes from the auth provider). */
export interface ActorIdentity {
  role: number;
  features: number;
  merchant_id: number | null;
  country?: string;
  /** The user's stored language (en/es). */
  locale?: string;
  /** Profile preferences (default pickup location, default export format). */
  preferences?: CurrentUser['preferences'];
}

export function useActor(): ActorIdentity & { isPending: boolean } {
  const { identity, isPending } = useGetIdentity();
  // The auth provider's identity carries the current user under `user` (tests may pass it flat).
  const raw = ((identity as { user?: unknown } | undefined)?.user ?? identity ?? {}) as Partial<ActorIdentity>;
  return {
    role: Number(raw.role ?? 0),
    features: Number(raw.features ?? 0),
    merchant_id: raw.merchant_id ?? null,
    country: raw.country,
    locale: raw.locale,
    preferences: raw.preferences,
    isPending,
  };
}

/** True when the current role may see the column/field (SPEC section 6, FIELD_MASKS). */
export function useCanSee(resource: ResourceName, field: string): boolean {
  const { role } = useActor();
  return canSeeField(role, resource, field);
}

/** True when the current role may use the list filter (FILTER_MASKS). */
export function useCanFilter(resource: ResourceName, filter: string): boolean {
  const { role } = useActor();
  return canUseFilter(role, resource, filter);
}

/** A predicate for filtering many columns/filters at once. */
export function useFieldMask(resource: ResourceName) {
  const { role } = useActor();
  return {
    field: (name: string) => canSeeField(role, resource, name),
    filter: (name: string) => canUseFilter(role, resource, name),
  };
}
