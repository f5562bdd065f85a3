/** Business constants and limits (SPEC section 9, DESIGN.md section 4). */
import { CHANNELS, FEATURES, hasBit } from './features.js';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Whether `value` is a language the product speaks. */
export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);
/** `value` when it is a language the product speaks, else DEFAULT_LOCALE. */
export const localeOr = (value: unknown): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
export const DEFAULT_COUNTRY = 'BS';

export const LIST_DEFAULTS = { perPage: 25, maxPerPage: 100, page: 1 } as const;

export const PACKAGE_SIZES = ['SMALL', 'MEDIUM', 'LARGE', 'OVERSIZED'] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];
/** Maximum dimensions in millimetres; OVERSIZED is anything larger and PUDO-only. */
export const PACKAGE_SIZE_MAX_MM: Record<Exclude<PackageSize, 'OVERSIZED'>, [number, number, number]> = {
  SMALL: [100, 200, 50],
  MEDIUM: [200, 400, 100],
  LARGE: [400, 800, 200],
};

export const SHIPMENT_TYPES = ['standard', 'express'] as const;
export const PAYMENT_TYPES = ['prepaid', 'postpaid'] as const;
export const LOCATION_TYPES = ['dropoff', 'pickup'] as const;
export const LOCATION_CLASSES = ['locker', 'pudo', 'warehouse'] as const;
export type LocationClass = (typeof LOCATION_CLASSES)[number];
export const LOCKER_SERVICES = ['smartbox-v3', 'smartbox-v4'] as const;
export const TRANSPORT_MODES = ['air', 'maritime', 'rail', 'road'] as const;
export const FETCH_SERVICES = ['aeropost'] as const;
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const IMPORT_FORMATS = ['csv', 'xlsx', 'xls', 'ods'] as const;

export const NOTIFICATION_EVENTS = [
  'package-in-transit',
  'package-available',
  'package-available-pudo',
  'package-reminder',
  'package-extension-offer',
  'package-rerouted',
  'package-rerouted-pudo',
  'package-expired',
  'shipment-awaiting-payment',
  'package-temporary-storage',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Events a merchant with `features` may turn on: awaiting payment only with postpayments (the form and the API). */
export const offeredEvents = (features: number): NotificationEvent[] =>
  NOTIFICATION_EVENTS.filter((e) => e !== 'shipment-awaiting-payment' || hasBit(features, FEATURES.postpayments));

/** The 15 locker layouts a terminal can be created with (compartment counts 32..158). */
export const LOCKER_LAYOUTS = [
  { id: 'L32', compartments: 32 },
  { id: 'L40', compartments: 40 },
  { id: 'L48', compartments: 48 },
  { id: 'L56', compartments: 56 },
  { id: 'L64', compartments: 64 },
  { id: 'L72', compartments: 72 },
  { id: 'L80', compartments: 80 },
  { id: 'L88', compartments: 88 },
  { id: 'L96', compartments: 96 },
  { id: 'L104', compartments: 104 },
  { id: 'L112', compartments: 112 },
  { id: 'L120', compartments: 120 },
  { id: 'L132', compartments: 132 },
  { id: 'L144', compartments: 144 },
  { id: 'L158', compartments: 158 },
] as const;

export const EXTEND_EXPIRY_HOURS = 24;
export const REMINDER_HOURS_BEFORE_EXPIRY = 24;
export const DEFAULT_STORAGE_DAYS = 5;

export const BATCH_DEFAULTS = {
  withFeature: {
    offset: 30,
    reminder_count: 4,
    reminder_interval: 7,
    custom_final_reminder: false,
    channels: CHANNELS.email | CHANNELS.sms,
    packages_small: 1,
    packages_medium: 0,
    packages_large: 0,
    packages_oversized: 0,
  },
  withoutFeature: {
    offset: 30,
    reminder_count: 0,
    reminder_interval: 7,
    custom_final_reminder: false,
    channels: 0,
    packages_small: 1,
    packages_medium: 0,
    packages_large: 0,
    packages_oversized: 0,
  },
} as const;

/** Validation bounds the SPEC leaves open (DESIGN.md section 4). */
export const BOUNDS = {
  name: { min: 2, max: 100 },
  barcode: { min: 6, max: 40 },
  description: { max: 500 },
  password: { min: 10, max: 200 },
  email: { max: 254 },
  code: { min: 2, max: 40 },
  reference: { max: 100 },
  batchOffset: { min: 1, max: 90 },
  reminderCount: { min: 0, max: 10 },
  reminderInterval: { min: 1, max: 30 },
  packagesPerSize: { min: 0, max: 99 },
  contentType: { min: 1, max: 60 },
} as const;

export const IMPORT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxRows: 100_000,
  maxInflateRatio: 100,
  maxInflatedBytes: 200 * 1024 * 1024,
} as const;

/** Sign-in throttling: attempts per window, per account and per address. */
export const LOGIN_THROTTLE = { maxAttempts: 5, windowSeconds: 60 } as const;
/**
 * Password-link requests (forgot password, and the reset / create-password forms): per address, the sign-in
 * address allowance per LOGIN_THROTTLE window; reset mails to one account from one address at most
 * `mailsPerAccount` per `windowSeconds` (more requests answer the same 200 and send nothing).
 */
export const PASSWORD_LINK_THROTTLE = { mailsPerAccount: 3, windowSeconds: 3600 } as const;
export const SESSION_TTL_HOURS = 12;
/**
 * How long a password link lasts, per purpose (docs/auth.md). A reset link is asked for by its owner, who uses it at
 * once: 2 hours. An invitation (create password) is opened whenever the new user reads the mail: someone invited on
 * Friday evening opens it on Monday, so 7 days. The mails state it in days when it is whole days.
 */
export const PASSWORD_LINK_TTL_HOURS = { reset: 2, create: 7 * 24 } as const;
