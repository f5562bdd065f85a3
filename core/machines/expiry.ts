/** Storage-time arithmetic (DESIGN.md section 4, SPEC section 9). Dates in, Dates out. */
import { DEFAULT_STORAGE_DAYS, EXTEND_EXPIRY_HOURS, REMINDER_HOURS_BEFORE_EXPIRY } from '../constants.js';

const HOUR_MS = 3_600_000;

export type DateInput = Date | string;

export function toDate(value: DateInput): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

const addHours = (date: DateInput, hours: number) => new Date(toDate(date).getTime() + hours * HOUR_MS);

/** When a package made available at `availableAt` expires: storage days later (default 5; 0 or less falls back to the default). */
export function expiresAt(availableAt: DateInput, storageDays: number | null | undefined = DEFAULT_STORAGE_DAYS): Date {
  const days = storageDays && storageDays > 0 ? storageDays : DEFAULT_STORAGE_DAYS;
  return addHours(availableAt, days * 24);
}

/** The default reminder falls due 24 hours before expiry (a location may set another lead, storage.ts). */
export function reminderDueAt(expires: DateInput): Date {
  return addHours(expires, -REMINDER_HOURS_BEFORE_EXPIRY);
}

/**
 * Extend-expiry: the expiry moves 24 hours on (or the location's extension hours). When `now` is given and the package has already
 * expired, the 24 hours count from now, so an extended package is never born expired.
 */
export function extendExpiry(expires: DateInput, now?: DateInput, hours: number = EXTEND_EXPIRY_HOURS): Date {
  const base = toDate(expires);
  const from = now && toDate(now).getTime() > base.getTime() ? toDate(now) : base;
  return addHours(from, hours);
}

export const isExpired = (expires: DateInput, now: DateInput) => toDate(now).getTime() >= toDate(expires).getTime();
export const isReminderDue = (expires: DateInput, now: DateInput) =>
  toDate(now).getTime() >= reminderDueAt(expires).getTime() && !isExpired(expires, now);
