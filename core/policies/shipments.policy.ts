/**
 * Shipments policy, record rules (DESIGN.md section 8, users policy shape): when a shipment and its packages
 * may be edited or deleted through CRUD. The verbs and their statuses are core/machines/shipment.machine.ts.
 * Pure functions: no I/O, browser-safe.
 */
import type { ErrorCode } from '../errors.js';
import { SHIPMENT_STATUS as S } from '../statuses.js';
import { OPTIONAL_TIMELINE_STEPS, TIMELINE_STEPS, shipmentGuards } from '../machines/shipment.machine.js';

/** A draft: not registered yet; its package list may be replaced and it may be deleted. */
export const isDraftShipment = (shipment: { status: number }): boolean => shipment.status === S.draft;

/**
 * Why CRUD `action` is refused on the shipment (null when allowed). One rule, the shipment machine's
 * `update` and `delete` (docs/state-machines.md "Shipment editability"): fields are edited until labels are
 * printed, i.e. in SHIPMENT_EDITABLE_STATUSES (0, 4, 5, 10, 15); a cancelled, lost, returned or expired
 * shipment is closed and no longer editable although its code is below 20. Deleted only as a draft.
 */
export function shipmentRecordRefusal(action: 'edit' | 'delete' | 'replace-packages', shipment: { status: number }): ErrorCode | null {
  if (action === 'edit') return shipmentGuards.update(shipment);
  if (action === 'delete') return shipmentGuards.delete(shipment);
  return isDraftShipment(shipment) ? null : 'shipment.not_updatable';
}

/** Why CRUD `action` is refused on a package of a shipment in this status: only a draft's packages change. */
export const shipmentPackageRefusal = (action: 'create' | 'edit' | 'delete', shipment: { status: number }): ErrorCode | null =>
  isDraftShipment(shipment) ? null : action === 'delete' ? 'shipment.not_deletable' : 'shipment.not_updatable';

/** The statuses the dashboard counts (its cards open the shipments list filtered by one): work waiting on the merchant or the driver. */
export const DASHBOARD_SHIPMENT_STATUSES: readonly number[] = [S.draft, S.printed, S.awaiting_pickup];

/** Labels were printed (the print button then reads "Reprint"). */
export const hasPrintedLabels = (shipment: { status: number }): boolean => shipment.status >= S.printed;

/** A shipment past draft and not in a negative end state sits on the timeline (its current step); others have none. */
export const isOnTimeline = (shipment: { status: number }): boolean => shipment.status > 0;

export interface TimelineStep {
  status: number;
  /** When the shipment first reached this step, if it did. */
  at: string | null;
  state: 'done' | 'current' | 'todo';
}

/**
 * The shipment's timeline (core/machines TIMELINE_STEPS): `reached` maps a status to when the shipment first
 * reached it (from its events). An optional step shows only when reached or current. The current step is the
 * last one the status has reached (80 awaiting payment sits on 70); none before printing or in a negative end
 * state, where the steps reached read done.
 */
export function shipmentTimeline(status: number, reached: ReadonlyMap<number, string>): TimelineStep[] {
  const steps = TIMELINE_STEPS.filter((s) => !OPTIONAL_TIMELINE_STEPS.includes(s) || reached.has(s) || status === s);
  const current = isOnTimeline({ status }) ? [...steps].reverse().find((s) => s <= status) : undefined;
  return steps.map((s) => ({
    status: s,
    at: reached.get(s) ?? null,
    state: current === undefined ? (reached.has(s) ? 'done' : 'todo') : s < current ? 'done' : s === current ? 'current' : 'todo',
  }));
}

/**
 * A shipment's `contents` with the merchant's content feature: one of the merchant's content types, matched
 * ignoring case and answered as the merchant spells it; undefined when it is none of them. Without the feature
 * (`contentTypes` null) any text is kept. One rule for the shipment form and API and the importer (before, only
 * the importer asked it, and a create or edit stored any text).
 */
export function contentTypeMatcher(contentTypes: readonly string[] | null): (value: string) => string | undefined {
  if (contentTypes === null) return (value) => value;
  const byKey = new Map(contentTypes.map((c) => [contentTypeKey(c), c]));
  return (value) => byKey.get(contentTypeKey(value));
}

const contentTypeKey = (value: string) => value.trim().toLowerCase();

/** A merchant's content types as stored: trimmed, each once (matched ignoring case, so 'Food' and 'food' are one; the first spelling stays). */
export function distinctContentTypes(types: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const t of types) if (!seen.has(contentTypeKey(t))) seen.set(contentTypeKey(t), t.trim());
  return [...seen.values()];
}
