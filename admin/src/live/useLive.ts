/**
 * Live screens in React (docs/live-updates.md "Admin"): <LiveUpdates> (in the signed-in layout) keeps the tab's
 * connection open and refreshes react-admin's caches of the resources named; screens that fetch by hand follow
 * changes with useLiveChanges; an open edit form is never refetched under the user (useEditedElsewhere).
 *
 * What a change refreshes: the lists of its resource (getList, getMany, getManyReference, getInfiniteList: refetched in
 * place, react-admin keeps the rows shown meanwhile, so selection, scroll and filters stay), the getOne of the ids
 * named unless an edit form has it open (a shipment's also when one of its packages changed). Screens that fetch by
 * hand (the dashboard, the store screens) follow changes with useLiveChanges or useApiGet's `live`.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { isLiveResource, type LiveResource } from '../../../core/live.js';
import { holdLiveConnection, liveStatus, subscribeLive, subscribeLiveStatus, type LiveListener } from './liveConnection.js';

const LIST_QUERIES = new Set(['getList', 'getMany', 'getManyReference', 'getInfiniteList']);

/** Records open in an edit form: `resource:id` -> how many forms. */
const editing = new Map<string, number>();
/** Forms told that their record changed elsewhere. */
const editedElsewhere = new Map<string, Set<() => void>>();
const editKey = (resource: string, id: unknown) => `${resource}:${String(id)}`;

/**
 * A shipment's record carries its packages (GET /api/shipments/:id `packages`): a change of one of them makes the
 * shipment's record stale too, though the shipment row itself may not have changed (decided client side, so the
 * shipments lists do not refetch on every package scan; docs/live-updates.md "Admin").
 */
function holdsChangedPackage(changes: Map<LiveResource, Set<number>>, record: unknown): boolean {
  const ids = changes.get('packages');
  const packages = (record as { packages?: unknown } | undefined)?.packages;
  return !!ids && Array.isArray(packages) && packages.some((p: { id?: unknown } | null) => ids.has(Number(p?.id)));
}

/** Which cached queries a batch of changes makes stale. */
export function staleQuery(changes: Map<LiveResource, Set<number>> | null, query: Pick<Query, 'queryKey'> & { state?: { data?: unknown } }): boolean {
  const [resource, kind, params] = query.queryKey as [unknown, unknown, { id?: unknown } | undefined];
  if (typeof resource !== 'string' || !isLiveResource(resource)) return false;
  const open = kind === 'getOne' && editing.has(editKey(resource, params?.id));
  if (changes === null) return !open;
  if (kind === 'getOne' && resource === 'shipments' && !open && holdsChangedPackage(changes, query.state?.data)) return true;
  const ids = changes.get(resource);
  if (!ids) return false;
  if (typeof kind === 'string' && LIST_QUERIES.has(kind)) return true;
  if (kind !== 'getOne' || params?.id === undefined) return false;
  return ids.has(Number(params.id)) && !open;
}

/** Whether the record open in a form (`resource:id`) changed: itself, or for a shipment one of its packages. */
function changedElsewhere(client: QueryClient, changes: Map<LiveResource, Set<number>>, key: string): boolean {
  const [resource, id] = key.split(':') as [LiveResource, string];
  if (changes.get(resource)?.has(Number(id))) return true;
  if (resource !== 'shipments' || !changes.has('packages')) return false;
  return client.getQueriesData({ queryKey: [resource, 'getOne', { id }] }).some(([, record]) => holdsChangedPackage(changes, record));
}

function refreshCaches(client: QueryClient): LiveListener {
  return (changes) => {
    void client.invalidateQueries({ predicate: (query) => staleQuery(changes, query) });
    for (const [key, notify] of editedElsewhere) {
      if (changes === null || changedElsewhere(client, changes, key)) for (const fn of notify) fn();
    }
  };
}

/** Mounted once in the signed-in layout: the tab's connection and the cache refresh. Renders nothing. */
export function LiveUpdates(): null {
  const client = useQueryClient();
  useEffect(() => {
    const release = holdLiveConnection();
    const unsubscribe = subscribeLive(refreshCaches(client));
    return () => {
      unsubscribe();
      release();
    };
  }, [client]);
  return null;
}

/**
 * Calls `onChange` after changes of `resources` (with the changed ids; `null` ids after a reset: anything may have
 * changed). For screens that fetch outside react-admin's caches (PUDO, warehouse, lockers, dashboard counters).
 */
export function useLiveChanges(resources: readonly LiveResource[], onChange: (resource: LiveResource, ids: ReadonlySet<number> | null) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  const key = resources.join(',');
  useEffect(() => {
    if (!key) return; // follows nothing
    const names = key.split(',') as LiveResource[];
    return subscribeLive((changes) => {
      for (const resource of names) {
        if (changes === null) latest.current(resource, null);
        else if (changes.has(resource)) latest.current(resource, changes.get(resource)!);
      }
    });
  }, [key]);
}

/** The connection's state, for the app bar's indicator. */
export const useLiveStatus = () => useSyncExternalStore(subscribeLiveStatus, liveStatus, () => 'off' as const);

/**
 * For an edit form: keeps the record out of the live refresh while the form is open (the fields are not replaced
 * under the user) and says whether it changed elsewhere since; `reload` refetches it (and clears the flag).
 */
export function useEditedElsewhere(resource: string, id: unknown): { changed: boolean; reload: () => void } {
  const client = useQueryClient();
  const [changed, setChanged] = useState(false);
  const key = editKey(resource, id);
  const active = id !== undefined && id !== null && isLiveResource(resource);
  useEffect(() => {
    if (!active) return;
    editing.set(key, (editing.get(key) ?? 0) + 1);
    const mark = () => setChanged(true);
    const set = editedElsewhere.get(key) ?? new Set();
    set.add(mark);
    editedElsewhere.set(key, set);
    return () => {
      const left = (editing.get(key) ?? 1) - 1;
      if (left > 0) editing.set(key, left);
      else editing.delete(key);
      set.delete(mark);
      if (!set.size) editedElsewhere.delete(key);
    };
  }, [key, active]);
  const reload = () => {
    setChanged(false);
    void client.invalidateQueries({ queryKey: [resource, 'getOne', { id: String(id) }] });
  };
  return { changed, reload };
}
