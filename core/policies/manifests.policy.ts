/**
 * Manifests policy (DESIGN.md section 8, users policy shape): editable until fulfilled, deletable only in
 * draft; the verbs' lifecycle 0 draft -> finalize -> 10 -> go-live -> 50 -> fulfil -> 100.
 * Pure functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
import type { ManifestAction } from '../machines/actions.js';
import { ROLES } from '../roles.js';
import { MANIFEST_STATUS as M } from '../statuses.js';

export const MANIFEST_RECORD_ACTIONS = ['edit', 'delete'] as const;
export type ManifestRecordAction = (typeof MANIFEST_RECORD_ACTIONS)[number];

const STATUSES: Record<ManifestRecordAction, readonly number[]> = {
  edit: [M.draft, M.finalized, M.live],
  delete: [M.draft],
};

/** Why `action` is refused on a manifest in this status (null when allowed). */
export const manifestRefusal = (action: ManifestRecordAction, manifest: { status: number }): ErrorCode | null =>
  STATUSES[action].includes(manifest.status) ? null : 'record.locked';

/** Beyond staff and the owning merchant (the API's merchant scope), a warehouse sees every manifest: it receives them. */
export const seesEveryManifest = (actor: { role: number }): boolean => actor.role === ROLES.warehouse;

/** The statuses each verb (`POST /api/manifests/:id/<verb>`) needs and the status it moves to, if any. */
export const MANIFEST_VERB_RULES: Record<ManifestAction, { from: readonly number[]; to?: number; note: string }> = {
  finalize: { from: [M.draft], to: M.finalized, note: 'no more packages join or leave' },
  'go-live': { from: [M.finalized], to: M.live, note: 'the manifest is on its way' },
  fulfil: { from: [M.live], to: M.fulfilled, note: 'delivered; the manifest is locked' },
  'delivery-attempted': { from: [M.live], note: 'records an attempt, status unchanged' },
  'add-packages': { from: [M.draft], note: 'packages join (422 naming unknown ones or those on another manifest)' },
  'remove-packages': { from: [M.draft], note: 'packages leave (422 naming those not on this manifest)' },
};

/** Why the verb is refused on a manifest in this status (null when allowed). */
export const manifestVerbRefusal = (verb: ManifestAction, manifest: { status: number }): ErrorCode | null =>
  MANIFEST_VERB_RULES[verb].from.includes(manifest.status) ? null : 'record.locked';
