/**
 * The one access function (react-admin's `canAccess`, the menu, the route guard): resources use the
 * core CRUD policy, everything else is a route name of the core route table.
 */
import { canAccessRoute, canCrud, RESOURCE_NAMES, type CrudAction, type ResourceName } from '../../../core/permissions.js';

export interface AccessSubject {
  role: number;
  features: number;
}

const CRUD_ACTIONS: CrudAction[] = ['list', 'show', 'create', 'edit', 'delete'];

/** react-admin actions that are not CRUD map onto the closest one; per-record verbs come from meta.actions. */
const ACTION_ALIASES: Record<string, CrudAction> = { export: 'list', clone: 'create' };

export const isResourceName = (value: string): value is ResourceName =>
  (RESOURCE_NAMES as string[]).includes(value);

export function canAccess(subject: AccessSubject | null | undefined, params: { resource: string; action?: string }): boolean {
  if (!subject) return false;
  const { resource } = params;
  if (isResourceName(resource)) {
    const raw = params.action ?? 'list';
    const action = (CRUD_ACTIONS as string[]).includes(raw) ? (raw as CrudAction) : (ACTION_ALIASES[raw] ?? 'show');
    return canCrud(subject, resource, action);
  }
  return canAccessRoute(subject, resource);
}
