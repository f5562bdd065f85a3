/**
 * Manifests policy (DESIGN.md section 8, users policy shape): editable until fulfilled, deletable only in
 * draft. Pure functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
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
