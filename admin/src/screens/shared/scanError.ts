/**
 * What a scan screen says when a call fails: the message of the global error rules (SPEC section 8,
 * in the user's language) plus what to do next, chosen by error code or HTTP status.
 */
import type { HttpError } from 'react-admin';
import { describeHttpError, type Translator } from '../../errors/messages.js';
import { httpFailureKind } from '../../../../core/errors.js';

export interface ScanProblem {
  code?: string;
  status: number;
  message: string;
  hint: string;
}

/** Codes with their own advice (`screens.ops.hints.<key>`). */
const HINT_BY_CODE: Record<string, string> = {
  'package.not_found_by_barcode': 'not_found',
  not_found: 'not_found',
  'package.not_ready_for_pickup': 'not_ready',
  'package.already_at_location': 'already_there',
  'package.goes_elsewhere': 'wrong_location',
  'package.nothing_to_do_here': 'already_done',
  'package.unknown_to_merchants': 'unknown_to_merchants',
  'package.wrong_dropoff_location': 'wrong_location',
  'package.not_at_location': 'wrong_location',
  'package.location_required': 'choose_location',
  'package.identification_required': 'identification',
  'package.unpaid': 'unpaid',
  'package.already_in_warehouse': 'already_done',
  'package.already_picked_up_by_you': 'already_done',
  'package.already_picked_up': 'someone_else',
  'package.already_consolidated': 'already_done',
  'package.consolidation_target_invalid': 'container',
  'package.oversized_needs_pudo': 'oversized',
  forbidden: 'forbidden',
  feature_disabled: 'forbidden',
};

/** The hint key (`screens.ops.hints.<key>`) of a refusal code. */
export const scanHintKey = (code: string): string => HINT_BY_CODE[code] ?? 'rescan';

function hintKey(status: number, code: string | undefined): string {
  if (code && HINT_BY_CODE[code]) return HINT_BY_CODE[code];
  const kind = httpFailureKind(status);
  return kind === 'refused' ? 'rescan' : kind;
}

export function describeScanError(error: unknown, t: Translator): ScanProblem {
  const http = error as Partial<HttpError> & { body?: { code?: string; errors?: Record<string, string> } };
  const status = typeof http?.status === 'number' ? http.status : 0;
  const code = http?.body?.code;
  const message = String(http?.message ?? '');
  const text =
    httpFailureKind(status) === 'network'
      ? t('screens.ops.errors.network')
      : code === 'package.not_found_by_barcode'
        ? t('errors.package.not_found_by_barcode')
        : status === 404 && code?.startsWith('package.') && message
          ? message // a scan reason (core scanReason): the server's sentence names the location, in the user's language
          : describeHttpError({ status, code, message, errors: http?.body?.errors }, t).message;
  return { code, status, message: text, hint: t(`screens.ops.hints.${hintKey(status, code)}`) };
}
