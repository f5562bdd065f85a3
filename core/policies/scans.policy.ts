/**
 * Offline scanning (issue 14, docs/offline-scanning.md): the limits of `POST /api/scans/sync` and the device
 * time rule. Pure functions: no I/O, browser-safe (the admin's queue uses the same limits).
 */
import type { ErrorCode } from '../errors.js';
import { PACKAGE_RULES } from '../machines/package.machine.js';
import { IDENTIFICATION_PHOTO_TYPES } from './identification-photo.policy.js';

/** The verbs a scan screen records (driver: pickup, deposit; PUDO and warehouse: check-in, check-out). */
export const SCAN_ACTIONS = ['pickup', 'check-in', 'check-out', 'deposit'] as const;
export type ScanAction = (typeof SCAN_ACTIONS)[number];

/** Statuses in which some scan action may apply to a package (for some role): what GET /api/scans/known lists. */
export const SCANNABLE_STATUSES: readonly number[] = [
  ...new Set(PACKAGE_RULES.filter((rule) => (SCAN_ACTIONS as readonly string[]).includes(rule.action)).flatMap((rule) => rule.from)),
];

/** At most this many scans per request (more: 422 scan.batch_too_large). */
export const SCAN_BATCH_MAX = 100;
/** A scan's client id: 8..64 of [A-Za-z0-9_-] (a UUID fits). */
export const SCAN_CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
/** A device time older than this is refused (scan.too_old): the package may have moved on for days since. */
export const SCAN_MAX_AGE_DAYS = 7;
/** Stored scan outcomes are kept this long (well past SCAN_MAX_AGE_DAYS: a resend that late is refused anyway). */
export const SCAN_SYNC_KEEP_DAYS = 30;
/** A device clock ahead of the server by more than this is not believed: the server time is recorded instead. */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;
/** The PUDO hand-over photo of a synced scan, decoded. */
export const SCAN_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The photo's image types (the live hand-over's: core/policies/identification-photo.policy.ts). */
export const SCAN_PHOTO_TYPES = IDENTIFICATION_PHOTO_TYPES;
/** Request body limit of the sync route: a batch carrying a few photos (base64 is 4/3 of the bytes). */
export const SCAN_SYNC_BODY_LIMIT = 12 * 1024 * 1024;
/** GET /api/scans/known answers at most this many packages, the most recently changed first. */
export const SCAN_KNOWN_CAP = 2_000;

const DAY_MS = 86_400_000;
/** ISO 8601 date-time with an explicit offset (Z or +hh:mm): a device time without one is ambiguous. */
const DEVICE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** The instant of a device time, or null when it is not ISO 8601 with an offset or names an impossible date or time (2026-02-30, 25:00). */
export function parseDeviceTime(value: unknown): Date | null {
  const m = typeof value === 'string' ? DEVICE_TIME_RE.exec(value) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const local = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (local.getUTCFullYear() !== y || local.getUTCMonth() !== mo - 1 || local.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (m[7] !== 'Z' && (Number(m[8]) > 23 || Number(m[9]) > 59)) return null;
  const at = Date.parse(value as string);
  return Number.isFinite(at) ? new Date(at) : null;
}

export type DeviceTimeVerdict = { ok: true; at: Date; clamped: boolean } | { ok: false; code: ErrorCode };

/**
 * The time a scan is recorded at: the device's, unless it is older than SCAN_MAX_AGE_DAYS (refused) or ahead of
 * the server by more than SCAN_CLOCK_SKEW_MS (a wrong clock: the server time, flagged `clamped`).
 */
export function deviceTimeVerdict(at: Date, now: Date): DeviceTimeVerdict {
  if (now.getTime() - at.getTime() > SCAN_MAX_AGE_DAYS * DAY_MS) return { ok: false, code: 'scan.too_old' };
  if (at.getTime() - now.getTime() > SCAN_CLOCK_SKEW_MS) return { ok: true, at: now, clamped: true };
  return { ok: true, at, clamped: false };
}

/**
 * The largest device clock offset a scan may carry (`clock_offset_ms`): 100 years either way. A phone whose clock
 * fell back to 1970 or 2000 is within it; a larger value is no clock a phone had (422, like a `sent_at` that is no date).
 */
export const SCAN_CLOCK_OFFSET_MAX_MS = 36_525 * DAY_MS;

/** An offset as measured, or 0 when the clocks agree within SCAN_CLOCK_SKEW_MS (believed as it is: see deviceClockOffset). */
const believedOffset = (offsetMs: number): number => (Math.abs(offsetMs) <= SCAN_CLOCK_SKEW_MS ? 0 : offsetMs);

/**
 * How far the device's clock is behind the server's, in ms (server now minus the device's clock when it sent the
 * batch, `sent_at`); negative when the device is ahead. 0 when the request carried no clock, or when the two agree
 * within SCAN_CLOCK_SKEW_MS: a clock that close is believed as it is, so a right clock's scans are not shifted by
 * the time the request took to arrive (the offset measured includes it).
 */
export function deviceClockOffset(sentAt: Date | null, now: Date): number {
  if (!sentAt) return 0;
  return believedOffset(now.getTime() - sentAt.getTime());
}

/** A scan's `clock_offset_ms` as the wire may carry it: a whole number of ms within SCAN_CLOCK_OFFSET_MAX_MS either way. */
export function isDeviceClockOffset(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= SCAN_CLOCK_OFFSET_MAX_MS;
}

export interface ScanClockOffset {
  /** What correctedDeviceTime adds to the scan's device time (0: taken as sent). */
  offsetMs: number;
  /** Where it comes from: the offset the device knew when it made the scan, or the one measured at the send. */
  from: 'scan' | 'send';
}

/**
 * The offset that corrects one scan's device time. A scan that carries `clock_offset_ms` (server time minus the
 * device's clock, as the device last measured it before the scan: docs/offline-scanning.md) is corrected by that,
 * in preference to the offset measured at the send (`sendOffsetMs`, deviceClockOffset): the clock may have been set
 * right between the scan and the send (a phone takes network time when the network comes back, which is when the
 * queue sends). The same tolerance applies: within SCAN_CLOCK_SKEW_MS it is 0. The caller has checked it with
 * isDeviceClockOffset.
 */
export function scanClockOffset(scanOffsetMs: number | undefined, sendOffsetMs: number): ScanClockOffset {
  if (scanOffsetMs === undefined) return { offsetMs: sendOffsetMs, from: 'send' };
  return { offsetMs: believedOffset(scanOffsetMs), from: 'scan' };
}

/**
 * A scan's device time on the server's clock: moved by the device's offset (deviceClockOffset). The result still
 * goes through deviceTimeVerdict like any device time: a corrected time can be nothing a device could not already
 * claim by sending that time as `occurred_at` (docs/offline-scanning.md "A device clock that is wrong").
 */
export function correctedDeviceTime(at: Date, offsetMs: number): Date {
  return new Date(at.getTime() + offsetMs);
}

/** Decoded size of a base64 text, or null when it is not base64. */
export function base64Bytes(data: string): number | null {
  const text = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.floor((text.length * 3) / 4) - padding;
}
