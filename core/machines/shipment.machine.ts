/**
 * The shipment state machine (DESIGN.md section 4). Before printing, a shipment has statuses of its
 * own (0 draft, 4/5 waiting on the customer's location choice, 10 ready to print); from printing on,
 * its status is derived from its packages (deriveShipmentStatus).
 */
import type { ErrorCode } from '../errors.js';
import { ROLES, ROLE_GROUPS, roleMatches } from '../roles.js';
import { PACKAGE_STATUS as P, POSTPAYMENT_ONLY_STATUSES, SHIPMENT_STATUS as S } from '../statuses.js';
import { SHIPMENT_ACTIONS, type ShipmentAction } from './actions.js';
import type { DateInput } from './expiry.js';
import { SYSTEM_ROLE, refuse, type MachineActor, type Refusal } from './types.js';

const WRITERS = ROLE_GROUPS.admin | ROLES.merchant_admin;

/** Statuses before labels are printed: the shipment may still be edited. */
export const SHIPMENT_EDITABLE_STATUSES: readonly number[] = [S.draft, S.requesting_input, S.awaiting_input, S.ready_to_print, S.partly_registered];
/** Statuses in which a label can be printed or re-printed. */
export const SHIPMENT_PRINTABLE_STATUSES: readonly number[] = [S.ready_to_print, S.partly_registered, S.printed, S.awaiting_pickup];
const ANY_STATUS: readonly number[] = Object.values(S);

export interface ShipmentState {
  id?: number;
  status: number;
  package_count?: number | null;
  pickup_requested_at?: DateInput | null;
  dropoff_location_id?: number | null;
}

export interface ShipmentContext {
  actor: MachineActor;
  /** Feature bitmask of the shipment's merchant. */
  features?: number;
}

/** Preconditions beyond status and role. */
export type ShipmentNeed = 'packages' | 'dropoff' | 'pickup-not-requested';

export const SHIPMENT_NEEDS: Record<ShipmentNeed, string> = {
  packages: 'at least one package (`shipment.no_packages`)',
  dropoff: 'a drop-off location (`shipment.not_registrable`)',
  'pickup-not-requested': 'pickup_requested_at is empty (`shipment.pickup_already_requested`)',
};

export interface ShipmentRule {
  action: ShipmentAction;
  from: readonly number[];
  to: number | 'same' | ((shipment: ShipmentState) => number);
  toLabel?: string;
  roles: number;
  system?: boolean;
  /** Code for a status outside `from`, unless `refusals` names one for that status. */
  refusal: ErrorCode;
  refusals?: Readonly<Record<number, ErrorCode>>;
  needs?: readonly ShipmentNeed[];
  note: string;
}

/** request-pickup: before printing the labels are missing; after it the pickup was already requested. */
const pickupRefusals: Record<number, ErrorCode> = Object.fromEntries([
  ...SHIPMENT_EDITABLE_STATUSES.map((status) => [status, 'shipment.labels_not_printed']),
  ...[S.lost, S.returned, S.cancelled, S.expired_retrieved, S.expired_retrievable, S.expired].map((status) => [status, 'shipment.action_not_allowed']),
]);

export const SHIPMENT_RULES: readonly ShipmentRule[] = [
  {
    action: 'update',
    from: SHIPMENT_EDITABLE_STATUSES,
    to: 'same',
    roles: WRITERS,
    refusal: 'shipment.not_updatable',
    note: 'Edit the shipment and its packages while below 20.',
  },
  {
    action: 'delete',
    from: [S.draft],
    to: 'same',
    toLabel: '(deleted)',
    roles: WRITERS,
    refusal: 'shipment.not_deletable',
    note: 'Only drafts; the row and its packages go.',
  },
  {
    action: 'register',
    // Once registered (10) a shipment is not offered register again: the locker service refuses a second
    // registration ("already registered"); 15 registers the packages added since.
    from: [S.draft, S.partly_registered],
    to: (shipment) => (shipment.status === S.partly_registered ? S.partly_registered : S.ready_to_print),
    toLabel: '10 (15 stays 15)',
    roles: WRITERS,
    refusal: 'shipment.not_registrable',
    needs: ['packages', 'dropoff'],
    note: 'Registers the shipment (locker service for locker drop-offs); 4/5 wait on the customer.',
  },
  {
    action: 'print',
    from: SHIPMENT_PRINTABLE_STATUSES,
    to: (shipment) => (shipment.status < S.printed ? S.printed : shipment.status),
    toLabel: '20 (re-print keeps the status; 15 if some packages fail)',
    roles: WRITERS,
    refusal: 'shipment.not_printable',
    note: 'Prints the labels; draft packages go 0 -> 20.',
  },
  {
    action: 'request-pickup',
    from: [S.printed],
    to: S.awaiting_pickup,
    roles: WRITERS,
    refusal: 'shipment.pickup_already_requested',
    refusals: pickupRefusals,
    needs: ['pickup-not-requested'],
    note: 'Packages 20 -> 30.',
  },
  {
    action: 'request-location',
    from: [S.draft],
    to: S.requesting_input,
    roles: WRITERS,
    refusal: 'shipment.action_not_allowed',
    note: 'Ask the customer to choose a drop-off location.',
  },
  {
    action: 'location-requested',
    from: [S.requesting_input],
    to: S.awaiting_input,
    roles: 0,
    system: true,
    refusal: 'shipment.action_not_allowed',
    note: 'The request reached the customer (notification sent).',
  },
  {
    action: 'location-chosen',
    from: [S.requesting_input, S.awaiting_input],
    to: S.draft,
    roles: 0,
    system: true,
    refusal: 'shipment.action_not_allowed',
    note: 'The customer chose a location (public respond page); back to draft with the drop-off set.',
  },
  {
    action: 'private-delivery',
    from: [S.printed, S.awaiting_pickup],
    to: S.in_transit,
    roles: WRITERS,
    refusal: 'shipment.action_not_allowed',
    note: 'The merchant delivers: packages 20/30 -> 50 without a driver.',
  },
  {
    action: 'cancel',
    from: [...SHIPMENT_EDITABLE_STATUSES, S.printed, S.awaiting_pickup],
    to: S.cancelled,
    toLabel: '-90 (derived: packages already travelling keep their status)',
    roles: WRITERS,
    refusal: 'shipment.action_not_allowed',
    needs: ['packages'],
    note: 'Every package the package machine may cancel (0, 20, 30) -> -90, in one transaction; none cancellable: `shipment.action_not_allowed`.',
  },
  {
    action: 'process',
    from: ANY_STATUS,
    to: 'same',
    roles: ROLES.superadmin,
    refusal: 'shipment.action_not_allowed',
    note: 'Superadmin debug: re-run processing.',
  },
];

const ruleOf = (action: ShipmentAction) => SHIPMENT_RULES.find((rule) => rule.action === action);

function checkNeed(need: ShipmentNeed, shipment: ShipmentState): ErrorCode | null {
  switch (need) {
    case 'packages':
      return (shipment.package_count ?? 0) > 0 ? null : 'shipment.no_packages';
    case 'dropoff':
      // Unknown (undefined) is not held against the shipment; an explicit null is.
      return shipment.dropoff_location_id === null ? 'shipment.not_registrable' : null;
    case 'pickup-not-requested':
      return shipment.pickup_requested_at ? 'shipment.pickup_already_requested' : null;
  }
}

function checkState(rule: ShipmentRule, shipment: ShipmentState): ErrorCode | null {
  if (!rule.from.includes(shipment.status)) return rule.refusals?.[shipment.status] ?? rule.refusal;
  for (const need of rule.needs ?? []) {
    const code = checkNeed(need, shipment);
    if (code) return code;
  }
  return null;
}

/**
 * Status-only guards (no role check), for services that have already checked the actor:
 * `shipmentGuards.register(shipment)` -> null when allowed, else the error code.
 */
export const shipmentGuards = Object.fromEntries(
  SHIPMENT_RULES.map((rule) => [rule.action, (shipment: ShipmentState) => checkState(rule, shipment)]),
) as Record<ShipmentAction, (shipment: ShipmentState) => ErrorCode | null>;

/** Every status an action may start from: the named status set a query filters by. */
export const shipmentActionStatuses = (action: ShipmentAction): readonly number[] => ruleOf(action)?.from ?? [];

/** Why the actor may not run the action on the shipment now (null when allowed). */
export function shipmentRefusal(shipment: ShipmentState, action: ShipmentAction, ctx: ShipmentContext): ErrorCode | null {
  const rule = ruleOf(action);
  if (!rule) return 'bad_request';
  const mayRun = ctx.actor.role === SYSTEM_ROLE ? rule.system === true : roleMatches(ctx.actor.role, rule.roles);
  if (!mayRun) return 'forbidden';
  return checkState(rule, shipment);
}

/**
 * shipmentRefusal for many rows at once (lists): rule lookup and role are resolved once per action; a row's verdicts
 * depend only on its status and the facts its needs read (see checkNeed), so rows sharing them share one answer (a
 * page computes a handful). The returned function answers one verdict per action, in the order of `actions`.
 */
export function shipmentRefusals(actions: readonly ShipmentAction[], ctx: ShipmentContext): (shipment: ShipmentState) => (ErrorCode | null)[] {
  const resolved = actions.map((action): { rule?: ShipmentRule; fixed: ErrorCode | null } => {
    const rule = ruleOf(action);
    if (!rule) return { fixed: 'bad_request' };
    const mayRun = ctx.actor.role === SYSTEM_ROLE ? rule.system === true : roleMatches(ctx.actor.role, rule.roles);
    return mayRun ? { rule, fixed: null } : { fixed: 'forbidden' };
  });
  const answers = new Map<string, (ErrorCode | null)[]>();
  return (shipment) => {
    const key = `${shipment.status}|${+((shipment.package_count ?? 0) > 0)}|${+(shipment.dropoff_location_id === null)}|${+!!shipment.pickup_requested_at}`;
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = resolved.map((r) => (r.rule ? checkState(r.rule, shipment) : r.fixed))));
    return answer;
  };
}

export type ShipmentActionResult = { ok: true; action: ShipmentAction; from: number; to: number } | Refusal;

/** Decide a shipment action: its new status, or a coded refusal. Package moves are separate package actions. */
export function applyShipmentAction(shipment: ShipmentState, action: ShipmentAction, ctx: ShipmentContext): ShipmentActionResult {
  const code = shipmentRefusal(shipment, action, ctx);
  if (code) return refuse(code);
  const rule = ruleOf(action)!;
  const to = rule.to === 'same' ? shipment.status : typeof rule.to === 'function' ? rule.to(shipment) : rule.to;
  return { ok: true, action, from: shipment.status, to };
}

/** Shipment actions the actor may offer now (meta.actions). */
export function allowedShipmentActions(shipment: ShipmentState, ctx: ShipmentContext): ShipmentAction[] {
  return SHIPMENT_ACTIONS.filter((action) => shipmentRefusal(shipment, action, ctx) === null);
}

/**
 * Package statuses in lifecycle order, least advanced first. The expiry flow comes after 90 (it starts
 * there); then the ends: collected, returned, lost; cancelled last, so it shows only when every
 * package is cancelled.
 */
export const PACKAGE_LIFECYCLE: readonly number[] = [
  P.draft,
  P.printed,
  P.awaiting_pickup,
  P.in_transit,
  P.in_warehouse,
  P.dropped_off,
  P.awaiting_payment,
  P.ready_to_collect,
  P.expired,
  P.expired_retrievable,
  P.expired_retrieved,
  P.collected,
  P.returned,
  P.lost,
  P.cancelled,
];

/**
 * The timeline on shipment pages and the public tracking page (SPEC section 4 "Timeline statuses"): the
 * lifecycle above from printing to collection, without the postpayment-only awaiting payment (it sits on
 * dropped off) and without the negative branches. 20, 30, 50, 60, 70, 90, 100.
 */
export const TIMELINE_STEPS: readonly number[] = PACKAGE_LIFECYCLE.filter((status) => status >= P.printed && !POSTPAYMENT_ONLY_STATUSES.includes(status));

/** Timeline steps shown only when the shipment went through them (the warehouse, SPEC's second reading). */
export const OPTIONAL_TIMELINE_STEPS: readonly number[] = [P.in_warehouse];

/** Shipment statuses of its own that packages in draft do not override. */
const OWN_PRE_PRINT: readonly number[] = [S.requesting_input, S.awaiting_input, S.ready_to_print];

/**
 * A shipment's status from its packages' statuses:
 * 1. no packages (or none but cancelled ones and no current own status): keep the shipment's own
 *    pre-print status (4, 5, 10), else 0; all packages cancelled: -90;
 * 2. cancelled packages are ignored while others remain;
 * 3. some packages still draft (0) and some registered (printed or beyond): 15 partly registered;
 *    all draft: the own pre-print status (4, 5, 10; 15 falls back to 10), else 0;
 * 4. otherwise the least advanced package status along PACKAGE_LIFECYCLE.
 * Unknown codes are ignored.
 */
export function deriveShipmentStatus(packageStatuses: readonly number[], current?: number): number {
  const known = packageStatuses.filter((status) => PACKAGE_LIFECYCLE.includes(status));
  const ownPrePrint = current === S.partly_registered ? S.ready_to_print : OWN_PRE_PRINT.includes(current ?? -1) ? current! : S.draft;
  if (known.length === 0) return ownPrePrint;
  const live = known.filter((status) => status !== P.cancelled);
  if (live.length === 0) return S.cancelled;
  if (live.includes(P.draft)) return live.some((status) => status !== P.draft) ? S.partly_registered : ownPrePrint;
  return live.reduce((least, status) => (PACKAGE_LIFECYCLE.indexOf(status) < PACKAGE_LIFECYCLE.indexOf(least) ? status : least));
}
