/**
 * Requests of the locker routes (docs/lockers.md): the terminal's own API (api/lockers/terminal.routes.ts),
 * support's side (staff.routes.ts) and the door/occupancy operations (locker-ops.routes.ts).
 * Fields a handler checks itself (a `reason` read after the permission guard, so a role without the
 * permission hears 403 first; the locker-full reason, a coded `locker.*` refusal) stay loose here.
 */
import { Type, type Static } from 'typebox';
import { BADGE_DIGITS, DOOR_EVENT_KINDS, PICKUP_CODE, type DoorEventKind } from '../policies/locker-access.policy.js';
import { LOCKER_FULL_REASONS } from '../policies/lockers.policy.js';
import { Id } from './common.js';

const text = (maxLength: number) => Type.String({ maxLength });

/** /api/terminals/:location_id/... */
export const TerminalParams = Type.Object({ location_id: Id });
export type TerminalParams = Static<typeof TerminalParams>;

/**
 * POST /api/terminals/:location_id/open: the customer's pickup code. Its shape (a string of exactly 6 digits, spaces
 * ignored) is checked by the route with core pickupCodeProblem, so a number or a short code answers the coded
 * validation.pickup_code (422 validation.failed) without spending one of the terminal's wrong tries.
 */
export const TerminalCodeBody = Type.Object({
  code: Type.Unknown({ description: `the ${PICKUP_CODE.digits}-digit pickup code, as a string (spaces ignored); another shape: 422 validation.failed, not a wrong try` }),
});
export type TerminalCodeBody = Static<typeof TerminalCodeBody>;

/**
 * The courier's badge, on every courier route. Its shape is checked by the route with core badgeCodeProblem (like the
 * pickup code), so a number, null or a long string answers the coded validation.badge_code ("A courier badge is
 * exactly 10 digits.") without spending a wrong try, not the schema's "Must be one of the allowed values.".
 */
const badge = Type.Unknown({ description: `the ${BADGE_DIGITS}-digit badge code, as a string; another shape: 422 validation.failed, not a wrong try` });

/** POST /api/terminals/:location_id/courier: the courier's badge. */
export const TerminalBadgeBody = Type.Object({ badge });
export type TerminalBadgeBody = Static<typeof TerminalBadgeBody>;

/** POST /api/terminals/:location_id/deposit and /retrieve: the courier's badge and the scanned barcode. */
export const TerminalScanBody = Type.Object({ badge, barcode: text(64) });
export type TerminalScanBody = Static<typeof TerminalScanBody>;

/** POST /api/terminals/:location_id/report-full: the reason is checked by lockerFullReasonOf (coded error). */
export const TerminalReportFullBody = Type.Object({
  badge,
  barcode: text(64),
  reason: Type.Optional(Type.String({ description: LOCKER_FULL_REASONS.join(' | ') })),
});
export type TerminalReportFullBody = Static<typeof TerminalReportFullBody>;

const DATE = '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+Z)?$';

/** GET /api/locations/:id/door-events: filters kind, from, to; cursor `before`. */
export const DoorEventsQuery = Type.Object({
  kind: Type.Optional(Type.Unsafe<DoorEventKind>({ type: 'string', enum: [...DOOR_EVENT_KINDS] })),
  from: Type.Optional(Type.String({ pattern: DATE })),
  to: Type.Optional(Type.String({ pattern: DATE })),
  before: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type DoorEventsQuery = Static<typeof DoorEventsQuery>;

/** POST /api/locations/:id/doors/:compartment/open (support's remote opening). */
export const CompartmentParams = Type.Object({ id: Id, compartment: Type.Integer({ minimum: 1, maximum: 1000 }) });
export type CompartmentParams = Static<typeof CompartmentParams>;

/** POST /api/locations/:id/doors/:door/out-of-service and /in-service. */
export const DoorParams = Type.Object({ id: Id, door: Type.Integer({ minimum: 1, maximum: 1000 }) });
export type DoorParams = Static<typeof DoorParams>;

/**
 * A verb whose only field is an optional `reason` the handler checks itself (after the permission guard, so
 * a role without it hears 403 first): any value passes the schema, unknown fields are ignored.
 */
export const ReasonBody = Type.Object({ reason: Type.Optional(Type.Unknown({ description: 'why (checked by the route: a coded 422)' })) }, { additionalProperties: true });
export type ReasonBody = Static<typeof ReasonBody>;
