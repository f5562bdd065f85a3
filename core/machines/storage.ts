/**
 * Storage rules per location (issue 13): how long a package waits to be collected, when the customer is
 * reminded, how it may be extended and what happens when the time is over. The defaults are the behaviour
 * before the rules existed (DEFAULT_STORAGE_DAYS calendar days, reminder 24 h before, unlimited 24 h
 * extensions, an expired package waits to be made retrievable). Pure: dates in, dates out. Days and weekdays are
 * those of the location's clock (its time zone, else the network's: core/local-time.ts).
 */
import { DEFAULT_STORAGE_DAYS, EXTEND_EXPIRY_HOURS, REMINDER_HOURS_BEFORE_EXPIRY } from '../constants.js';
import type { ErrorCode } from '../errors.js';
import { NETWORK_TIME_ZONE, addLocalBusinessDays, addLocalDays, zoneOf } from '../local-time.js';
import { toDate, type DateInput } from './expiry.js';

export const STORAGE_UNITS = ['days', 'business_days', 'hours'] as const;
export type StorageUnit = (typeof STORAGE_UNITS)[number];
/** manual: today's behaviour (expired, waits for make-retrievable); the others make it retrievable at once, headed back. */
export const STORAGE_END_ACTIONS = ['manual', 'return_to_sender', 'return_to_warehouse'] as const;
export type StorageEndAction = (typeof STORAGE_END_ACTIONS)[number];

export interface StorageRules {
  /** The hold time, in `unit`s (the location's storage_days column). */
  amount: number;
  unit: StorageUnit;
  reminder_hours: number;
  /** null: unlimited. */
  extensions_max: number | null;
  extension_hours: number;
  /** An extension is possible only this many hours after the package became available. */
  extension_after_hours: number;
  end_action: StorageEndAction;
  /** The IANA zone days and weekdays are counted in (the location's, else the network's). */
  time_zone: string;
}

export const DEFAULT_STORAGE_RULES: StorageRules = {
  amount: DEFAULT_STORAGE_DAYS,
  unit: 'days',
  reminder_hours: REMINDER_HOURS_BEFORE_EXPIRY,
  extensions_max: null,
  extension_hours: EXTEND_EXPIRY_HOURS,
  extension_after_hours: 0,
  end_action: 'manual',
  time_zone: NETWORK_TIME_ZONE,
};

/** The location columns the rules come from (any missing one takes its default). */
export interface StorageColumns {
  storage_days?: number | null;
  storage_unit?: string | null;
  storage_reminder_hours?: number | null;
  storage_extensions_max?: number | null;
  storage_extension_hours?: number | null;
  storage_extension_after_hours?: number | null;
  storage_end_action?: string | null;
  timezone?: string | null;
}

const positive = (value: number | null | undefined, fallback: number) => (value != null && value > 0 ? value : fallback);
const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

export function storageRulesOf(location: StorageColumns | null | undefined): StorageRules {
  const d = DEFAULT_STORAGE_RULES;
  if (!location) return d;
  return {
    amount: positive(location.storage_days, d.amount),
    unit: oneOf(STORAGE_UNITS, location.storage_unit, d.unit),
    reminder_hours: positive(location.storage_reminder_hours, d.reminder_hours),
    extensions_max: location.storage_extensions_max != null && location.storage_extensions_max >= 0 ? location.storage_extensions_max : null,
    extension_hours: positive(location.storage_extension_hours, d.extension_hours),
    extension_after_hours: Math.max(0, location.storage_extension_after_hours ?? 0),
    end_action: oneOf(STORAGE_END_ACTIONS, location.storage_end_action, d.end_action),
    time_zone: zoneOf(location.timezone),
  };
}

const HOUR_MS = 3_600_000;

/** `days` business days (Monday to Friday on the clock of `zone`) after `from`, at the same clock time. */
export const addBusinessDays = (from: DateInput, days: number, zone: string = NETWORK_TIME_ZONE): Date => addLocalBusinessDays(toDate(from), days, zone);

/** The next business day after `from` in `zone`, same clock time. */
export const nextBusinessDay = (from: DateInput, zone: string = NETWORK_TIME_ZONE): Date => addBusinessDays(from, 1, zone);

/** When a package made available at `availableAt` must be collected by. */
export function holdUntil(availableAt: DateInput, rules: StorageRules): Date {
  if (rules.unit === 'hours') return new Date(toDate(availableAt).getTime() + rules.amount * HOUR_MS);
  if (rules.unit === 'business_days') return addBusinessDays(availableAt, rules.amount, rules.time_zone);
  return addLocalDays(toDate(availableAt), rules.amount, rules.time_zone);
}

/** The reminder falls due `reminder_hours` before expiry. */
export const reminderDueFor = (expires: DateInput, rules: StorageRules): Date => new Date(toDate(expires).getTime() - rules.reminder_hours * HOUR_MS);

/** Why an extension is refused now, or null: the count is used up, or it is too early. */
export function extensionRefusal(rules: StorageRules, facts: { used: number; available_at: DateInput | null | undefined; now: DateInput }): ErrorCode | null {
  if (rules.extensions_max != null && facts.used >= rules.extensions_max) return 'package.extension_limit';
  if (rules.extension_after_hours > 0 && facts.available_at) {
    const allowedFrom = toDate(facts.available_at).getTime() + rules.extension_after_hours * HOUR_MS;
    if (toDate(facts.now).getTime() < allowedFrom) return 'package.extension_too_early';
  }
  return null;
}
