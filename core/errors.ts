/**
 * Coded errors (SPEC section 8) and their HTTP statuses: the one map from domain errors to HTTP.
 * Messages live in the i18n catalogues under `errors.<code>`.
 */
export const ERROR_STATUS = {
  // platform
  'validation.failed': 422,
  'auth.failed': 422,
  'auth.unauthenticated': 401,
  'auth.already_authenticated': 400,
  'auth.throttled': 429,
  'auth.inactive': 422,
  'auth.token_invalid': 422,
  'csrf_mismatch': 419,
  'forbidden': 403,
  'feature_disabled': 403,
  'not_found': 404,
  'conflict.stale': 409,
  'server_error': 500,
  'bad_request': 400,
  'request_too_large': 413,
  /** A list sort no index serves (core LIST_SORTS). */
  'list.sort_unsupported': 400,
  'list.filter_unsupported': 400,
  /** A list query ran past its time limit (LIST_TIMEOUT_MS): refused instead of holding a worker. */
  'list.timeout': 503,
  /** Too many live-update streams open for this user (core LIVE_LIMITS.perUser; docs/live-updates.md). */
  'events.too_many_streams': 429,
  'record.in_use': 400,
  /** The record's status no longer allows this change (batches, batch items, manifests). */
  'record.locked': 400,
  'user.cannot_delete_self': 400,
  'user.email_taken': 422,
  /** The change would leave no active superadmin (core lastSuperadminProblem; two superadmins demoting each other at once). */
  'user.last_superadmin': 422,
  /** Another merchant has this name, compared as names read (core/policies/unique-names.ts). */
  'merchant.name_taken': 422,
  /** Another location group has this name, compared as merchant names are (core/policies/unique-names.ts). */
  'location_group.name_taken': 422,
  /** Changing one's own e-mail or password without (or with a wrong) current password (users policy). */
  'user.current_password_required': 422,
  'user.current_password_wrong': 422,
  // shipment
  'shipment.not_updatable': 400,
  'shipment.not_deletable': 400,
  'shipment.not_registrable': 400,
  'shipment.no_packages': 400,
  'shipment.locker_needs_phone': 422,
  'shipment.not_printable': 400,
  'shipment.labels_not_printed': 400,
  'shipment.pickup_already_requested': 400,
  'shipment.print_failed': 400,
  /** Refusal of a shipment action for which the SPEC names no specific message (core/machines). */
  'shipment.action_not_allowed': 400,
  // package
  'package.already_in_warehouse': 400,
  'package.already_picked_up_by_you': 400,
  'package.already_picked_up': 400,
  'package.already_consolidated': 400,
  'package.not_found_by_barcode': 404,
  // a scanned package the role may not act on here (core/machines/scan-reasons.ts)
  'package.not_ready_for_pickup': 404,
  'package.already_at_location': 404,
  'package.goes_elsewhere': 404,
  'package.nothing_to_do_here': 404,
  'package.unknown_to_merchants': 404,
  'package.oversized_needs_pudo': 422,
  'package.action_not_allowed': 400,
  // package state machine guards (core/machines)
  'package.wrong_dropoff_location': 400,
  'package.not_at_location': 400,
  'package.location_required': 422,
  'package.not_consolidated': 400,
  'package.consolidation_target_invalid': 400,
  'package.identification_required': 422,
  'package.unpaid': 400,
  'package.reroute_same_location': 400,
  'package.not_yet_expired': 400,
  // batch item
  'batch_item.not_responded': 400,
  'batch_item.already_converted': 400,
  'batch_item.batch_not_running': 400,
  'batch_item.not_notifiable': 400,
  'batch_item.already_responded': 400,
  // provider (locker service)
  'provider.dropoff_not_found': 400,
  'provider.invalid_phone': 400,
  'provider.invalid_phone_length': 400,
  'provider.already_registered': 400,
  'provider.terminal_not_found': 400,
  // parcel operations (issue 3): a full terminal, a second terminal, a terminal on a non-locker location
  'provider.terminal_full': 400,
  'provider.terminal_exists': 400,
  'location.not_a_locker': 400,
  // lockers (issue 13): occupancy, doors, a full locker, storage rules
  'lockers.full_for_size': 409,
  'lockers.door_not_found': 404,
  'lockers.report_not_allowed': 400,
  'lockers.no_storage_nearby': 409,
  'package.extension_limit': 400,
  'package.extension_too_early': 400,
  // locker access (issue 13): the terminal's own credential, pickup codes, courier badges
  'locker.terminal_unauthenticated': 401,
  'locker.code_invalid': 422,
  'locker.code_locked': 423,
  'locker.code_expired': 410,
  'locker.rate_limited': 429,
  'locker.badge_invalid': 422,
  'locker.no_terminal': 400,
  'locker.not_a_courier': 422,
  'locker.package_not_here': 422,
  // a warehouse is never a customer's drop-off (shipments, batch items)
  'location.warehouse_not_dropoff': 422,
  // import files (issue 4): refusals before or while reading an uploaded file
  'import.too_large': 413,
  'import.too_many_rows': 413,
  'import.zip_bomb': 413,
  'import.empty': 422,
  'import.no_rows': 422,
  'import.unsupported_format': 422,
  'import.unreadable': 422,
  'import.sheet_not_found': 422,
  // import save (issue 4)
  'import.invalid_rows': 422,
  'import.nothing_to_import': 422,
  'import.references_taken': 422,
  // campaigns and the customer's page (issue 5)
  'batch.not_startable': 400,
  'batch.not_pausable': 400,
  'public.token_invalid': 404,
  'public.token_expired': 410,
  'public.token_used': 410,
  'public.throttled': 429,
  'public.location_not_allowed': 422,
  // offline scanning (issue 14): POST /api/scans/sync, per scan except batch_too_large
  'scan.batch_too_large': 422,
  'scan.invalid': 422,
  'scan.too_old': 422,
  'scan.client_id_taken': 409,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function httpStatusFor(code: string): number {
  return (ERROR_STATUS as Record<string, number>)[code] ?? 400;
}

/** What a failed call means for the person in front of a screen, read from its HTTP status (screens ask this). */
export type HttpFailureKind = 'network' | 'forbidden' | 'not_found' | 'server' | 'refused';

/** Status 0 is the browser's "no answer at all" (offline, the server unreachable). */
export function httpFailureKind(status: number): HttpFailureKind {
  if (status === 0) return 'network';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'refused';
}

/** An untranslated field problem (same shape as core/validation.ts `Message`): an i18n key and its params. */
export interface FieldProblem {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A coded domain error. `fields` maps field names to messages for 422 validation errors; `problems`
 * carries the same fields untranslated (i18n key + params) so the API can translate per request.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly problems?: Record<string, FieldProblem>;
  readonly params?: Record<string, string | number>;
  constructor(
    code: ErrorCode,
    message?: string,
    options?: {
      fields?: Record<string, string>;
      problems?: Record<string, FieldProblem>;
      params?: Record<string, string | number>;
    },
  ) {
    super(message ?? code);
    this.code = code;
    this.fields = options?.fields;
    this.problems = options?.problems;
    this.params = options?.params;
  }
  get status(): number {
    return httpStatusFor(this.code);
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
