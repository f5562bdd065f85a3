/**
 * Live screens (docs/live-updates.md): which resources `GET /api/events/stream` announces, its event names and
 * limits. Shared by the API (stream, change log) and the admin (which caches a change invalidates).
 */
import { canCrud, type Actor, type ResourceName } from './permissions.js';
import { isAdminRole, isMerchantRole } from './roles.js';

/** The resources whose changes are announced (each has change-log triggers, migration 019). */
export const LIVE_RESOURCES = ['shipments', 'packages', 'manifests', 'batches', 'batch_items', 'locations'] as const satisfies readonly ResourceName[];
export type LiveResource = (typeof LIVE_RESOURCES)[number];

/** The data of an `event: change`: changed record ids of one resource the listener may see. */
export interface LiveChange {
  resource: LiveResource;
  ids: number[];
}

export const LIVE_EVENTS = {
  /** `{resource, ids}` (LiveChange); its `id:` (the last change-log id) is the resume point. */
  change: 'change',
  /** The resume point is older than the change log keeps (or unknown): refetch everything. */
  reset: 'reset',
} as const;

export const LIVE_LIMITS = {
  /** A comment line every so often keeps proxies and the browser from timing the stream out. */
  heartbeatMs: 15_000,
  /** How long change-log rows are kept for resuming (Last-Event-ID). */
  retentionMs: 60 * 60 * 1000,
  /** Open streams per user and process; the next one is refused with 429. */
  perUser: 8,
  /** What the browser waits before reconnecting (`retry:`). */
  retryMs: 2_000,
  /** The most ids one event carries (a bigger change is split). */
  idsPerEvent: 500,
} as const;

export const isLiveResource = (name: string): name is LiveResource => (LIVE_RESOURCES as readonly string[]).includes(name);

/**
 * How a listener's records are decided (docs/live-updates.md "Scoping"): `all` (superadmin, support: every change
 * of a resource they may list), otherwise the resource's list restriction (the rule of GET /api/<resource>), asked
 * of the database for the changed ids. A deleted record can no longer be asked about: merchant roles hear of their
 * merchant's deletions (by the merchant the change log recorded), store users and drivers of none. Store users and
 * drivers, whose scope a package leaves by moving (picked up by another driver, checked in elsewhere, cancelled), also
 * hear of the departures of the packages they knew (`departures`, api/events/departures.ts).
 */
export function liveAudience(actor: Pick<Actor, 'role' | 'merchant_id'>): { kind: 'all' } | { kind: 'scoped'; deletionsOf: number | null; departures: boolean } {
  if (isAdminRole(actor.role)) return { kind: 'all' };
  const merchant = isMerchantRole(actor.role);
  return { kind: 'scoped', deletionsOf: merchant ? actor.merchant_id : null, departures: !merchant };
}

/** Listeners with the same key see the same records (one scope query per key and batch). */
export function liveScopeKey(actor: Pick<Actor, 'id' | 'role' | 'merchant_id'>): string {
  return isAdminRole(actor.role) || isMerchantRole(actor.role) ? `${actor.role}:${actor.merchant_id}` : `${actor.role}:${actor.merchant_id}:u${actor.id}`;
}

/**
 * Everything of a listener that decides what it hears: its role, merchant, the merchant's features (which resources
 * it may list) and its locations (a store user's packages). A stream whose user no longer has the scope it opened
 * with ends at its next credential check, so the client reconnects under the new one (docs/live-updates.md).
 */
export function liveScopeOf(actor: Pick<Actor, 'role' | 'merchant_id' | 'features' | 'location_ids'>): string {
  return [actor.role, actor.merchant_id, actor.features, [...(actor.location_ids ?? [])].sort((a, b) => a - b).join(',')].join(':');
}

/** The live resources a listener hears of at all: those it may list. */
export const liveResourcesOf = (actor: Pick<Actor, 'role' | 'features'>): LiveResource[] => LIVE_RESOURCES.filter((r) => canCrud(actor, r, 'list'));
