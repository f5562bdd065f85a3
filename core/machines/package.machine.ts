/**
 * The package state machine (DESIGN.md section 4) as data plus guards. Pure: the API loads the
 * package, asks `applyPackageAction`, and persists the returned patch with its event row(s) in one
 * transaction; `allowedPackageActions` feeds `meta.actions` and `user/can`.
 */
import { lockerPhoneRefusal, oversizedRefusal } from '../policies/packages.policy.js';
import type { LocationClass, NotificationEvent } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import { FEATURES, hasBit } from '../features.js';
import { ROLES, ROLE_GROUPS, roleMatches } from '../roles.js';
import { PACKAGE_STATUS as S } from '../statuses.js';
import { PACKAGE_ACTIONS, type PackageAction } from './actions.js';
import { extendExpiry, isExpired, type DateInput } from './expiry.js';
import { extensionRefusal, holdUntil, storageRulesOf, type StorageRules } from './storage.js';
import { notificationFor } from './notifications.js';
import { SHIPMENT_PRINTABLE_STATUSES } from './shipment.machine.js';
import { SYSTEM_ROLE, isSet, refuse, type Flag, type MachineActor, type MachineLocation, type Refusal } from './types.js';

const { superadmin, merchant_admin, pudo, driver, warehouse } = ROLES;
const ADMIN = ROLE_GROUPS.admin;
/** The roles that write shipments (superadmin, support, merchant admin). */
const WRITERS = ADMIN | merchant_admin;

/** Statuses of a package that physically exists somewhere in the network. */
export const ACTIVE_PACKAGE_STATUSES: readonly number[] = [
  S.printed,
  S.awaiting_pickup,
  S.in_transit,
  S.in_warehouse,
  S.dropped_off,
  S.awaiting_payment,
  S.ready_to_collect,
  S.expired,
  S.expired_retrievable,
  S.expired_retrieved,
];
const ANY_STATUS: readonly number[] = Object.values(S);
/** A package goes into or out of a consolidation only while it travels. */
const CONSOLIDATABLE: readonly number[] = [S.awaiting_pickup, S.in_transit, S.in_warehouse];
/** Statuses whose notification can be sent again ("resend notifications"). */
const NOTIFIABLE: readonly number[] = [S.in_transit, S.awaiting_payment, S.ready_to_collect, S.expired];

/** The package as the machine reads it (a packages row fits). */
export interface PackageState {
  id: number;
  status: number;
  size?: string | null;
  driver_id?: number | null;
  location_id?: number | null;
  dropoff_location_id?: number | null;
  consolidated_to_id?: number | null;
  is_rerouted?: Flag | null;
  is_consolidated?: Flag | null;
  is_consolidation?: Flag | null;
  is_unpaid?: Flag | null;
  expires_at?: DateInput | null;
  available_at?: DateInput | null;
  /** Temporary storage (issue 13): the expiry the package keeps wherever it becomes available. */
  kept_expires_at?: string | null;
}

export interface PackageContext {
  actor: MachineActor;
  /** Feature bitmask of the package's merchant. */
  features: number;
  now: Date;
  /**
   * Where the action happens: the store's selected location (check-in, check-out), the locker of a
   * deposit, the package's current location for confirm-payment. Its class picks the rule variant.
   */
  location?: MachineLocation | null;
  /** Status of the package's shipment: printing a draft package needs a registered shipment. */
  shipmentStatus?: number;
  /** reroute: the new drop-off location. */
  target?: MachineLocation | null;
  /** reroute: the customer's phone, when known (a locker target texts its pickup code to it: core `lockerPhoneRefusal`). */
  customerPhone?: string | null;
  /** consolidate: the package to consolidate into. */
  into?: PackageState | null;
  /** PUDO check-out: whether a photo of the customer's identification came with the request. */
  identification?: boolean;
  /** Class of the package's drop-off location, when known: a locker deposit is offered only for lockers. */
  dropoffClass?: LocationClass | null;
  /** Warehouse check-out: the driver the package is handed over to, when known. */
  handoverTo?: number | null;
  /** extend-expiry: the storage rules of where the package sits, and how many extensions it already had. */
  storage?: StorageRules;
  extensionsUsed?: number;
}

/** Preconditions beyond status and role; each refuses with its own code. */
export type PackageNeed =
  | 'actor-location'
  | 'at-dropoff'
  | 'at-package-location'
  | 'registered-shipment'
  | 'rerouted-away'
  | 'expires-at'
  | 'expiry-due'
  | 'target-location'
  | 'into-package'
  | 'identification'
  | 'consolidated'
  | 'extension-allowed';

/** Human-readable meaning of each need, for docs/state-machines.md. */
export const PACKAGE_NEEDS: Record<PackageNeed, string> = {
  'actor-location': 'the location is one of the actor\'s locations (else `forbidden`)',
  'at-dropoff': 'the location is the package\'s drop-off location (`package.wrong_dropoff_location`)',
  'at-package-location': 'the package is at the location (`package.not_at_location`)',
  'registered-shipment': 'from 0: the shipment is registered, status 10/15/20/30 (`shipment.not_printable`)',
  'rerouted-away': 'from 90: the package was rerouted away from where it sits (`package.action_not_allowed`)',
  'expires-at': 'the package has an expiry (`package.action_not_allowed`)',
  'expiry-due': 'now >= expires_at (`package.not_yet_expired`)',
  'target-location': 'a new drop-off location, not the current one (`package.reroute_same_location`); oversized -> PUDO only (`package.oversized_needs_pudo`); a locker only with the customer\'s phone (`shipment.locker_needs_phone`)',
  'into-package': 'a package not yet consolidated (`package.already_consolidated`) and a valid target: another travelling, unconsolidated package for the same drop-off (`package.consolidation_target_invalid`)',
  identification: 'a photo of the customer\'s identification (`package.identification_required`)',
  consolidated: 'the package is consolidated or is a consolidation (`package.not_consolidated`)',
  'extension-allowed': 'the location\'s storage rules allow another extension (`package.extension_limit`) now (`package.extension_too_early`)',
};

export interface PackageRule {
  action: PackageAction;
  /** Location class this variant applies to (check-in, check-out, deposit). */
  at?: LocationClass;
  from: readonly number[];
  /** Target status: a code, 'same' (no status change) or computed from the package and context. */
  to: number | 'same' | ((pkg: PackageState, ctx: PackageContext) => number);
  /** How a computed target reads in the docs. */
  toLabel?: string;
  /** Statuses passed through on the way (each gets its event row, e.g. 70 before 90). */
  via?: readonly number[];
  /** Role bits allowed. */
  roles: number;
  /** The system actor (scheduler, locker service, customer) may run it. */
  system?: boolean;
  /** Feature the package's merchant must have. */
  feature?: number;
  needs?: readonly PackageNeed[];
  /** Codes for specific statuses outside `from` (default `package.action_not_allowed`). */
  refusals?: Readonly<Record<number, ErrorCode>>;
  note: string;
}

/** Where a PUDO or locker arrival lands: 80 for an unpaid package of a postpayments merchant, else 90. */
const arrival = (pkg: PackageState, ctx: PackageContext) =>
  isSet(pkg.is_unpaid) && hasBit(ctx.features, FEATURES.postpayments) ? S.awaiting_payment : S.ready_to_collect;

/** Pickup from the expiry flow goes to -50 (retrieved); every other pickup to 50 (in transit). */
const afterPickup = (pkg: PackageState) => (pkg.status === S.expired_retrievable ? S.expired_retrieved : S.in_transit);

const alreadyPickedUp: Record<number, ErrorCode> = {
  [S.in_transit]: 'package.already_picked_up',
  [S.expired_retrieved]: 'package.already_picked_up',
};

export const PACKAGE_RULES: readonly PackageRule[] = [
  {
    action: 'print',
    from: [S.draft, S.printed, S.awaiting_pickup, S.in_transit, S.in_warehouse],
    to: (pkg) => (pkg.status === S.draft ? S.printed : pkg.status),
    toLabel: '0 -> 20; re-print keeps the status',
    roles: WRITERS,
    needs: ['registered-shipment'],
    note: 'Label print. Shipment-level: register 0 -> 10, print 10/15 -> 20.',
  },
  {
    action: 'request-pickup',
    from: [S.printed],
    to: S.awaiting_pickup,
    roles: WRITERS,
    refusals: { [S.draft]: 'shipment.labels_not_printed', [S.awaiting_pickup]: 'shipment.pickup_already_requested' },
    note: 'Applied to every package of a shipment by the shipment action.',
  },
  {
    action: 'private-delivery',
    from: [S.printed, S.awaiting_pickup],
    to: S.in_transit,
    roles: WRITERS,
    note: 'The merchant carries the packages to the drop-off location: no driver.',
  },
  {
    action: 'pickup',
    from: [S.awaiting_pickup, S.in_warehouse, S.ready_to_collect, S.expired_retrievable],
    to: afterPickup,
    toLabel: '50 (-45 -> -50)',
    roles: driver,
    needs: ['rerouted-away'],
    refusals: alreadyPickedUp,
    note: 'Driver scan. 50/-50 by the same driver: already_picked_up_by_you; by another: already_picked_up.',
  },
  {
    action: 'check-in',
    at: 'warehouse',
    from: [S.in_transit],
    to: S.in_warehouse,
    roles: warehouse,
    needs: ['actor-location'],
    refusals: { [S.in_warehouse]: 'package.already_in_warehouse' },
    note: 'Warehouse check-in.',
  },
  {
    action: 'check-in',
    at: 'pudo',
    from: [S.in_transit],
    to: arrival,
    toLabel: '90 (80 if unpaid with postpayments)',
    via: [S.dropped_off],
    roles: pudo,
    needs: ['actor-location', 'at-dropoff'],
    note: 'PUDO check-in: dropped off (70), then ready to collect; expires_at = now + storage days.',
  },
  {
    action: 'deposit',
    at: 'locker',
    from: [S.in_transit],
    to: arrival,
    toLabel: '90 (80 if unpaid with postpayments)',
    via: [S.dropped_off],
    roles: driver,
    system: true,
    needs: ['at-dropoff'],
    note: 'Locker deposit (driver, or the locker service reporting it).',
  },
  {
    action: 'check-out',
    at: 'warehouse',
    from: [S.in_warehouse],
    to: S.in_transit,
    roles: warehouse,
    needs: ['actor-location', 'at-package-location'],
    note: 'Warehouse hands the package over to a driver.',
  },
  {
    action: 'check-out',
    at: 'pudo',
    from: [S.ready_to_collect],
    to: S.collected,
    roles: pudo,
    needs: ['actor-location', 'at-package-location', 'identification'],
    refusals: { [S.awaiting_payment]: 'package.unpaid' },
    note: 'PUDO hands the package over to the customer, photographing their ID.',
  },
  {
    action: 'collect',
    from: [S.ready_to_collect],
    to: S.collected,
    roles: superadmin,
    system: true,
    refusals: { [S.awaiting_payment]: 'package.unpaid' },
    note: 'Customer pickup at a locker, reported by the locker service.',
  },
  {
    action: 'confirm-payment',
    from: [S.awaiting_payment],
    to: S.ready_to_collect,
    roles: ADMIN,
    system: true,
    feature: FEATURES.postpayments,
    note: 'Payment received (postpayments): the package becomes available; expiry starts now.',
  },
  {
    action: 'expire-by-time',
    from: [S.ready_to_collect],
    to: S.expired,
    roles: 0,
    system: true,
    needs: ['expires-at', 'expiry-due'],
    note: 'Scheduler, when expires_at passes.',
  },
  {
    action: 'expire',
    from: [S.expired],
    to: S.expired_retrievable,
    roles: ADMIN | merchant_admin | driver,
    system: true,
    note: 'Make retrievable (locker service; may take several minutes).',
  },
  {
    action: 'mark-as-returned',
    from: [S.expired_retrieved],
    to: S.returned,
    roles: WRITERS,
    note: 'Back at the merchant.',
  },
  {
    action: 'mark-as-lost',
    from: ACTIVE_PACKAGE_STATUSES,
    to: S.lost,
    roles: ADMIN,
    note: 'Any active status.',
  },
  {
    action: 'cancel',
    from: [S.draft, S.printed, S.awaiting_pickup],
    to: S.cancelled,
    roles: WRITERS,
    note: 'Only before the package travels (below 50).',
  },
  {
    action: 'extend-expiry',
    from: [S.ready_to_collect, S.expired],
    to: S.ready_to_collect,
    roles: ADMIN | merchant_admin | driver,
    needs: ['expires-at', 'extension-allowed'],
    note: 'expires_at + the location\'s extension hours (default 24 h; from now if already past); reminders re-armed.',
  },
  {
    action: 'reroute',
    from: [S.in_transit, S.in_warehouse, S.ready_to_collect],
    to: 'same',
    roles: ADMIN | merchant_admin | driver,
    needs: ['target-location'],
    note: 'New drop-off location (alternative-locations, nearest first); is_rerouted = 1.',
  },
  {
    action: 'consolidate',
    from: CONSOLIDATABLE,
    to: 'same',
    roles: ADMIN | driver | warehouse,
    needs: ['into-package'],
    note: 'Into another package (container gets is_consolidation = 1); container transitions cascade to its packages in the service.',
  },
  {
    action: 'deconsolidate',
    from: ACTIVE_PACKAGE_STATUSES,
    to: 'same',
    roles: ADMIN | driver | warehouse,
    needs: ['consolidated'],
    note: 'Out of its container (or, for a container, releases its packages in the service).',
  },
  {
    action: 'notify',
    from: NOTIFIABLE,
    to: 'same',
    roles: WRITERS,
    note: 'Resend the notification of the current status.',
  },
  {
    action: 'remind',
    from: [S.ready_to_collect],
    to: 'same',
    roles: 0,
    system: true,
    needs: ['expires-at'],
    note: 'Scheduler, 24 h before expiry: package-reminder.',
  },
  {
    action: 'offer-extension',
    from: [S.expired],
    to: 'same',
    roles: 0,
    system: true,
    note: 'Scheduler: package-extension-offer to the customer of an expired package.',
  },
  { action: 'process', from: ANY_STATUS, to: 'same', roles: superadmin, note: 'Superadmin debug: re-run processing.' },
  { action: 'runhook', from: ANY_STATUS, to: 'same', roles: superadmin, note: 'Superadmin debug: re-run the merchant hook.' },
  {
    action: 'force-sync',
    from: ANY_STATUS,
    to: 'same',
    roles: ADMIN,
    note: 'Re-synchronise with the locker service.',
  },
];

/** Which location class a store role acts at when no location is given. */
const ROLE_CLASS: Partial<Record<number, LocationClass>> = { [pudo]: 'pudo', [warehouse]: 'warehouse' };

export type PackagePatch = {
  status: number;
  driver_id?: number | null;
  location_id?: number | null;
  dropoff_location_id?: number | null;
  consolidated_to_id?: number | null;
  is_consolidated?: 0 | 1;
  is_consolidation?: 0 | 1;
  is_rerouted?: 0 | 1;
  is_unpaid?: 0 | 1;
  available_at?: string | null;
  expires_at?: string | null;
};

export interface PackageTransition {
  ok: true;
  action: PackageAction;
  from: number;
  to: number;
  /** Statuses passed through before `to` (each gets its own event row). */
  via: number[];
  /** Columns to write on the package (always includes status). */
  patch: PackagePatch;
  /** Writes on other packages (the container of a consolidation). */
  related: { id: number; patch: Partial<PackagePatch> }[];
  /** Notification request to put in the outbox, if any. */
  notification: NotificationEvent | null;
  /** Re-arm the 24 h reminder (availability or expiry changed). */
  rearmReminders: boolean;
}

export type PackageActionResult = PackageTransition | Refusal;

/** Every status an action may start from (all its variants): the named status set a query filters by. */
export const packageActionStatuses = (action: PackageAction): readonly number[] => [
  ...new Set(PACKAGE_RULES.filter((rule) => rule.action === action).flatMap((rule) => rule.from)),
];

/** A package waiting for its customer (`collect`): when rerouted away from where it sits, a driver fetches it. */
export const AWAITING_CUSTOMER_STATUSES: readonly number[] = packageActionStatuses('collect');

/** Statuses whose storage time runs out: the expiry job expires them once expires_at passes (`expire-by-time`). */
export const EXPIRING_PACKAGE_STATUSES: readonly number[] = packageActionStatuses('expire-by-time');

/** Statuses in which the "expires in 24 h" reminder goes out (`remind`). */
export const REMINDABLE_PACKAGE_STATUSES: readonly number[] = packageActionStatuses('remind');

/** The rule for an action in this context: variants are picked by location class (or the store role's class). */
export function packageRuleFor(action: PackageAction, ctx: Pick<PackageContext, 'actor' | 'location'>): PackageRule | Refusal {
  const rules = PACKAGE_RULES.filter((rule) => rule.action === action);
  if (rules.length === 0) return refuse('bad_request');
  if (rules.length === 1 && (!rules[0]!.at || !ctx.location)) return rules[0]!;
  const cls = ctx.location?.class ?? ROLE_CLASS[ctx.actor.role];
  const rule = cls ? rules.find((r) => r.at === cls) : undefined;
  if (rule) return rule;
  if (ctx.location) return refuse('package.action_not_allowed');
  return refuse(rules.some((r) => roleMatches(ctx.actor.role, r.roles)) ? 'package.location_required' : 'forbidden');
}

const isRefusal = (value: unknown): value is Refusal => (value as Refusal).ok === false;

function actorMayRun(rule: PackageRule, actor: MachineActor): boolean {
  return actor.role === SYSTEM_ROLE ? rule.system === true : roleMatches(actor.role, rule.roles);
}

/** Refusal for a status outside `from`; pickup tells "by you" from "by someone else". */
function statusRefusal(rule: PackageRule, pkg: PackageState, ctx: PackageContext): ErrorCode {
  const code = rule.refusals?.[pkg.status] ?? 'package.action_not_allowed';
  if (code === 'package.already_picked_up' && pkg.driver_id != null && pkg.driver_id === ctx.actor.id) {
    return 'package.already_picked_up_by_you';
  }
  return code;
}

/**
 * Checks one need. `full` is false when listing allowed actions: parameters the user has not given yet
 * (target, into, identification, a location) are not held against the action.
 */
function checkNeed(need: PackageNeed, rule: PackageRule, pkg: PackageState, ctx: PackageContext, full: boolean): ErrorCode | null {
  const loc = ctx.location;
  if (need === 'at-dropoff' && rule.at && ctx.dropoffClass && ctx.dropoffClass !== rule.at) return 'package.wrong_dropoff_location';
  switch (need) {
    case 'actor-location':
      if (!loc) return full ? 'package.location_required' : null;
      return ctx.actor.location_ids?.includes(loc.id) ? null : 'forbidden';
    case 'at-dropoff':
      if (!loc) return full ? 'package.location_required' : null;
      return pkg.dropoff_location_id === loc.id ? null : 'package.wrong_dropoff_location';
    case 'at-package-location':
      if (!loc) return full ? 'package.location_required' : null;
      return pkg.location_id === loc.id ? null : 'package.not_at_location';
    case 'registered-shipment': {
      if (pkg.status !== S.draft) return null;
      return SHIPMENT_PRINTABLE_STATUSES.includes(ctx.shipmentStatus ?? -1) ? null : 'shipment.not_printable';
    }
    case 'rerouted-away':
      if (pkg.status !== S.ready_to_collect) return null;
      return pkg.dropoff_location_id != null && pkg.dropoff_location_id !== pkg.location_id ? null : 'package.action_not_allowed';
    case 'expires-at':
      return pkg.expires_at ? null : 'package.action_not_allowed';
    case 'expiry-due':
      return pkg.expires_at && isExpired(pkg.expires_at, ctx.now) ? null : 'package.not_yet_expired';
    case 'target-location': {
      const target = ctx.target;
      if (!target) return full ? 'validation.failed' : null;
      if (target.id === pkg.dropoff_location_id) return 'package.reroute_same_location';
      return oversizedRefusal([pkg.size ?? ''], target) ?? (ctx.customerPhone !== undefined ? lockerPhoneRefusal(ctx.customerPhone, target) : null);
    }
    case 'into-package': {
      if (isSet(pkg.is_consolidated)) return 'package.already_consolidated';
      if (isSet(pkg.is_consolidation)) return 'package.consolidation_target_invalid';
      const into = ctx.into;
      if (!into) return full ? 'validation.failed' : null;
      const valid =
        into.id !== pkg.id &&
        !isSet(into.is_consolidated) &&
        CONSOLIDATABLE.includes(into.status) &&
        into.dropoff_location_id === pkg.dropoff_location_id;
      return valid ? null : 'package.consolidation_target_invalid';
    }
    case 'identification':
      return ctx.identification || !full ? null : 'package.identification_required';
    case 'consolidated':
      return isSet(pkg.is_consolidated) || isSet(pkg.is_consolidation) ? null : 'package.not_consolidated';
    case 'extension-allowed':
      return ctx.storage ? extensionRefusal(ctx.storage, { used: ctx.extensionsUsed ?? 0, available_at: pkg.available_at, now: ctx.now }) : null;
  }
}

/** Role, feature, status and needs, in that order; the first failure is the answer. */
function check(rule: PackageRule, pkg: PackageState, ctx: PackageContext, full: boolean): ErrorCode | null {
  if (!actorMayRun(rule, ctx.actor)) return 'forbidden';
  if (rule.feature && !hasBit(ctx.features, rule.feature)) return 'feature_disabled';
  if (!rule.from.includes(pkg.status)) return statusRefusal(rule, pkg, ctx);
  for (const need of rule.needs ?? []) {
    const code = checkNeed(need, rule, pkg, ctx, full);
    if (code) return code;
  }
  return null;
}

const iso = (date: Date) => date.toISOString();

/** Columns an action writes besides the status. */
function effects(rule: PackageRule, pkg: PackageState, ctx: PackageContext, to: number): Pick<PackageTransition, 'patch' | 'related' | 'rearmReminders'> {
  const patch: PackagePatch = { status: to };
  const related: PackageTransition['related'] = [];
  let rearmReminders = false;
  const becomesAvailable = to === S.ready_to_collect && pkg.status !== S.ready_to_collect && pkg.status !== S.expired;
  switch (rule.action) {
    case 'pickup':
      Object.assign(patch, { driver_id: ctx.actor.id, location_id: null });
      break;
    case 'private-delivery':
      Object.assign(patch, { driver_id: null, location_id: null });
      break;
    case 'check-in':
    case 'deposit':
      Object.assign(patch, { location_id: ctx.location?.id ?? null, driver_id: null });
      break;
    case 'check-out':
      // A PUDO hand-over leaves the package recorded where it was collected; a warehouse one goes to a driver.
      if (rule.at === 'warehouse') Object.assign(patch, { location_id: null, driver_id: ctx.handoverTo ?? null });
      break;
    case 'confirm-payment':
      patch.is_unpaid = 0;
      break;
    case 'extend-expiry':
      patch.expires_at = iso(extendExpiry(pkg.expires_at!, ctx.now, ctx.storage?.extension_hours));
      rearmReminders = true;
      break;
    case 'reroute':
      Object.assign(patch, { dropoff_location_id: ctx.target!.id, is_rerouted: 1 });
      break;
    case 'consolidate':
      Object.assign(patch, { consolidated_to_id: ctx.into!.id, is_consolidated: 1 });
      related.push({ id: ctx.into!.id, patch: { is_consolidation: 1 } });
      break;
    case 'deconsolidate':
      if (isSet(pkg.is_consolidated)) Object.assign(patch, { consolidated_to_id: null, is_consolidated: 0 });
      else patch.is_consolidation = 0;
      break;
    default:
      break;
  }
  if (becomesAvailable) {
    patch.available_at = iso(ctx.now);
    // Temporary storage keeps the expiry the package was given; elsewhere the location's storage rules count from now.
    patch.expires_at = pkg.kept_expires_at ?? iso(holdUntil(ctx.now, ctx.location?.storage ?? storageRulesOf(ctx.location)));
    rearmReminders = true;
  }
  return { patch, related, rearmReminders };
}

/** Decide an action on a package: the new status and what to write, or a coded refusal. Pure. */
export function applyPackageAction(pkg: PackageState, action: PackageAction, ctx: PackageContext): PackageActionResult {
  if (!(PACKAGE_ACTIONS as readonly string[]).includes(action)) return refuse('bad_request');
  const rule = packageRuleFor(action, ctx);
  if (isRefusal(rule)) return rule;
  const code = check(rule, pkg, ctx, true);
  if (code) return refuse(code);
  const to = rule.to === 'same' ? pkg.status : typeof rule.to === 'function' ? rule.to(pkg, ctx) : rule.to;
  const via = (rule.via ?? []).filter((status) => status !== to);
  const locationClass = action === 'reroute' ? ctx.target?.class : ctx.location?.class;
  const notification = notificationFor({ action, from: pkg.status, to, locationClass, features: ctx.features });
  return { ok: true, action, from: pkg.status, to, via, ...effects(rule, pkg, ctx, to), notification };
}

/**
 * Actions the actor may offer on this package now (meta.actions). System-only actions are listed only
 * for the system actor; parameters not chosen yet (target, into, identification) are not held against
 * an action, but a given location is.
 */
export function allowedPackageActions(pkg: PackageState, ctx: PackageContext): PackageAction[] {
  return PACKAGE_ACTIONS.filter((action) => {
    const rule = packageRuleFor(action, ctx);
    return !isRefusal(rule) && check(rule, pkg, ctx, false) === null;
  });
}

/**
 * packageRefusal for many rows at once (lists): the parts that depend only on the actor and context (rule
 * selection, role, feature) are resolved once per action, each row then only pays for its status and needs.
 * The returned function answers one verdict per action, in the order of `actions`.
 */
export function packageRefusals(actions: readonly PackageAction[], ctx: PackageContext): (pkg: PackageState) => (ErrorCode | null)[] {
  const resolved = actions.map((action): { rule?: PackageRule; fixed: ErrorCode | null } => {
    const rule = packageRuleFor(action, ctx);
    if (isRefusal(rule)) return { fixed: rule.code };
    if (!actorMayRun(rule, ctx.actor)) return { fixed: 'forbidden' };
    if (rule.feature && !hasBit(ctx.features, rule.feature)) return { fixed: 'feature_disabled' };
    return { rule, fixed: null };
  });
  const decide = (pkg: PackageState) => resolved.map((r) => (r.rule ? check(r.rule, pkg, ctx, false) : r.fixed));
  if (ctx.location || ctx.target || ctx.into || ctx.dropoffClass || ctx.identification) return decide;
  // Without chosen parameters the verdicts depend on these few facts of a row only (see checkNeed and
  // statusRefusal), so rows that share them share one answer (a page of one status computes a handful).
  const answers = new Map<string, (ErrorCode | null)[]>();
  return (pkg) => {
    const key = listVerdictKey(pkg, ctx);
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = decide(pkg)));
    return answer;
  };
}

/** What a package's verdicts depend on when no location, target, container or photo is given. */
function listVerdictKey(pkg: PackageState, ctx: PackageContext): string {
  const mine = pkg.driver_id != null && pkg.driver_id === ctx.actor.id;
  const reroutedAway = pkg.dropoff_location_id != null && pkg.dropoff_location_id !== pkg.location_id;
  const expiry = pkg.expires_at ? (isExpired(pkg.expires_at, ctx.now) ? 2 : 1) : 0;
  return `${pkg.status}|${+mine}|${+reroutedAway}|${expiry}|${+isSet(pkg.is_consolidated)}|${+isSet(pkg.is_consolidation)}`;
}

/**
 * Why an action would be refused on this package (null when it may be offered): the reasons of
 * `GET /api/user/can/{action}/package`. Like allowedPackageActions, missing parameters do not count.
 */
export function packageRefusal(pkg: PackageState, action: PackageAction, ctx: PackageContext): ErrorCode | null {
  if (!(PACKAGE_ACTIONS as readonly string[]).includes(action)) return 'bad_request';
  const rule = packageRuleFor(action, ctx);
  return isRefusal(rule) ? rule.code : check(rule, pkg, ctx, false);
}

/**
 * Statuses in which a role may check a package in wherever it is headed (the rule does not need the
 * actor to be at its drop-off): the warehouse takes any package a driver brings in (50). Such packages
 * are readable by that role (the package scope), so a scan shows the card with its Check in button.
 */
export function checkInAnywhereStatuses(role: number): number[] {
  return [
    ...new Set(
      PACKAGE_RULES.filter((r) => r.action === 'check-in' && (r.roles & role) !== 0 && !r.needs?.includes('at-dropoff')).flatMap((r) => r.from),
    ),
  ];
}
