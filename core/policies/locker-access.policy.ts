/**
 * Who and what opens a locker door (issue 13, docs/lockers.md): pickup codes, the terminal's limits, courier
 * badges and the door events written for every opening. Pure rules; the API (api/lockers) asks them.
 */
import type { ErrorCode } from '../errors.js';
import type { Message } from '../validation.js';
import { isExpired, type DateInput } from '../machines/expiry.js';
import { ROLES, roleMatches } from '../roles.js';
import { PACKAGE_STATUS as S } from '../statuses.js';

export const PICKUP_CODE = {
  /** Digits of a pickup code (random, crypto). */
  digits: 6,
  /** Wrong codes a terminal accepts within `lockWindowSeconds` before its code entry locks (answers locker.code_locked). */
  maxWrong: 5,
  lockWindowSeconds: 15 * 60,
  /** Attempts (codes and badges, right or wrong) a terminal may send per minute; beyond: 429 locker.rate_limited. */
  attemptsPerMinute: 10,
} as const;

/**
 * How long the kiosk waits without a touch or a key before it goes back to the customers' code entry: a courier who
 * walks away signed in would otherwise leave the next passer-by able to open doors with their badge (the list of
 * expired parcels to collect shows their barcodes), and a "Door 17 is open" screen would greet the next customer.
 */
export const KIOSK_IDLE_SECONDS = { courier: 60, doorOpen: 30 } as const;

/** Digits of a courier's badge code (random, crypto; shown once). */
export const BADGE_DIGITS = 10;

/**
 * A code typed at the kiosk, all digits: its shape (`is`), the field's cleaning of what is typed, pasted or scanned
 * (`input`: digits only, at most `digits`), and why a value sent is not one (`problem`, or null). A wrongly shaped
 * code is a validation error (422 validation.failed on its field), never a wrong try: it cannot be anybody's, so the
 * API refuses it before the terminal's counters are touched (docs/lockers.md).
 */
function digitCode(digits: number, key: string) {
  const shape = new RegExp(`^\\d{${digits}}$`);
  const is = (value: unknown): value is string => typeof value === 'string' && shape.test(value);
  return {
    is,
    input: (typed: string): string => typed.replace(/\D/g, '').slice(0, digits),
    /** `sent` is judged empty or not as sent, its shape once cleaned (`shaped`, e.g. spaces dropped). */
    problem: (sent: unknown, shaped: unknown = sent): Message | null =>
      sent === undefined || sent === null || sent === '' ? { key: 'validation.required' } : is(shaped) ? null : { key, params: { digits } },
  };
}

const pickupCode = digitCode(PICKUP_CODE.digits, 'validation.pickup_code');
const badgeCode = digitCode(BADGE_DIGITS, 'validation.badge_code');

export const isPickupCode = pickupCode.is;
/** The kiosk's code field: digits only (typed, pasted or scanned), at most PICKUP_CODE.digits of them. */
export const pickupCodeInput = pickupCode.input;
/** What a person types or a scanner sends, as a code: spaces dropped ("123 456" is 123456); anything else kept as it is. */
export const normalizePickupCode = (value: unknown): unknown => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);
/** Why a value sent as a pickup code is not one (not exactly 6 digits once spaces are dropped), or null. */
export const pickupCodeProblem = (value: unknown): Message | null => pickupCode.problem(value, normalizePickupCode(value));

export const isBadgeCode = badgeCode.is;
/** The kiosk's badge field: digits only, at most BADGE_DIGITS of them. */
export const badgeCodeInput = badgeCode.input;
/** Why a value sent as a courier badge is not one (not exactly BADGE_DIGITS digits), or null. */
export const badgeCodeProblem = (value: unknown): Message | null => badgeCode.problem(value);

/** Location classes whose packages are collected with a pickup code. */
export const usesPickupCodes = (locationClass: string | null | undefined): boolean => locationClass === 'locker';

/**
 * Whether a package transition gives the package a new pickup code: becoming ready to collect at a locker
 * (deposit, or payment confirmed there), and a resend of the "ready" message (the message carries a fresh code,
 * the old one dies). An extension (-40 -> 90, 90 -> 90) keeps the code: it stays valid until the new expiry.
 */
export function issuesPickupCode(t: { action: string; from: number; to: number }, locationClass: string | null | undefined): boolean {
  if (!usesPickupCodes(locationClass) || t.to !== S.ready_to_collect) return false;
  if (t.action === 'notify') return true;
  return t.from !== S.ready_to_collect && t.from !== S.expired;
}

/** A package a support user may send a fresh pickup code for: ready to collect and sitting in its locker (it has a door). */
export function resendCodeRefusal(pkg: { status: number; location_id: number | null; dropoff_location_id: number | null; locker_number: string | null }): ErrorCode | null {
  const inItsLocker = pkg.locker_number != null && pkg.location_id != null && pkg.location_id === pkg.dropoff_location_id;
  return pkg.status === S.ready_to_collect && inItsLocker ? null : 'package.action_not_allowed';
}

export interface CodeTarget {
  status: number;
  location_id: number | null;
  dropoff_location_id: number | null;
  expires_at: DateInput | null;
}

/**
 * Whether the package a right code names may be handed out at this terminal now: ready to collect, sitting in
 * this terminal, still meant for it (not rerouted away) and not past its expiry; an expired package's code
 * answers locker.code_expired (an extension makes it valid again). Anything else: locker.code_invalid.
 */
export function pickupRefusal(pkg: CodeTarget, terminalLocationId: number, now: DateInput): ErrorCode | null {
  if (pkg.location_id !== terminalLocationId || pkg.dropoff_location_id !== terminalLocationId) return 'locker.code_invalid';
  if (pkg.status === S.expired || (pkg.status === S.ready_to_collect && pkg.expires_at != null && isExpired(pkg.expires_at, now))) return 'locker.code_expired';
  if (pkg.status !== S.ready_to_collect) return 'locker.code_invalid';
  return null;
}

/** Only drivers carry a badge: a badge signs a courier in at a kiosk to deposit and retrieve. */
export const BADGE_ROLES = ROLES.driver;
export const mayHoldBadge = (user: { role: number; active?: number | boolean }): boolean =>
  roleMatches(user.role, BADGE_ROLES) && user.active !== 0 && user.active !== false;

/** Packages a courier collects at a kiosk: expired ones the locker service made retrievable (the courier's pickup -45 -> -50). */
export const RETRIEVABLE_STATUSES: readonly number[] = [S.expired_retrievable];
/** Packages a courier deposits at a kiosk: travelling towards this locker, in the courier's hands (deposit 50 -> 90). */
export const DEPOSITABLE_STATUSES: readonly number[] = [S.in_transit];

/** How a door was opened; each opening writes one event of kind `door-<way>` (who, what, where). */
export const DOOR_OPENING_KINDS = ['door-code', 'door-deposit', 'door-retrieve', 'door-support'] as const;
export type DoorOpeningKind = (typeof DOOR_OPENING_KINDS)[number];
/**
 * What a terminal's door events list shows: the openings, and the occupancy side's door changes (a door taken
 * out of service or back, its package moved to another door or flagged), so one list tells a door's story.
 */
export const DOOR_EVENT_KINDS = [...DOOR_OPENING_KINDS, 'door-out-of-service', 'door-in-service', 'door-moved', 'door-flagged'] as const;
export type DoorEventKind = (typeof DOOR_EVENT_KINDS)[number];
export const isDoorEventKind = (value: unknown): value is DoorEventKind => (DOOR_EVENT_KINDS as readonly unknown[]).includes(value);

/**
 * Statuses in which a package keeps its pickup code: ready, or expired and possibly extended, and in transit
 * (taken out of one locker towards another: temporary storage, its way back, a reroute), so the code follows the
 * package (docs/lockers.md "The code follows the package"). Any other move (collected, lost, returned) kills it.
 */
export const keepsPickupCode = (status: number): boolean => status === S.ready_to_collect || status === S.expired || status === S.in_transit;

/**
 * Whether a package becoming ready at a locker takes its live code along instead of a new one: every time but a
 * resend (`notify`, whose point is a new code). The customer keeps one code from the first locker to the last.
 */
export const carriesPickupCode = (t: { action: string }): boolean => t.action !== 'notify';

/** A door event as the door-events list answers it (GET /api/locations/:id/door-events). */
export interface DoorEventRow {
  id: number;
  kind: string;
  created_at: string;
  compartment: number | null;
  package_id: number | null;
  barcode: string | null;
  actor_id: number | null;
  actor_name: string | null;
  data: Record<string, unknown> | null;
}
