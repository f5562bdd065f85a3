/**
 * SPEC section 8, global response handling: what the error dialog says for an HTTP error.
 * Pure: takes a translator that returns the key itself when a translation is missing.
 */
import type { HttpErrorEvent } from './bus.js';

export type Translator = (key: string, params?: Record<string, string | number>) => string;

export interface ErrorDescription {
  message: string;
  /** Field errors ("field: message"), shown under the message. */
  details: string[];
}

/**
 * The translation of `errors.<code>` when the catalogue has one. The server's message is the same
 * translation (in the request's language), sometimes with a detail added ("The request could not be
 * processed: sort by x is not supported") or filled with params the screen does not have ("This list cannot be
 * sorted by code"): then the server's message is shown.
 */
function translatedCode(code: string | undefined, t: Translator, message: string): string | null {
  if (!code) return null;
  const key = `errors.${code}`;
  const text = t(key, { message });
  if (!text || text === key) return null;
  // The phrase up to a param only the server knows (%{field}): the server's message is it, filled in.
  const stem = text.split('%{')[0].replace(/[.\s]+$/, '');
  return stem && message.startsWith(stem) ? message : text;
}

/** `fieldLabel` names a field for the details list (the screen's label rather than the API key). */
export function describeHttpError(event: HttpErrorEvent, t: Translator, fieldLabel: (field: string) => string = (f) => f): ErrorDescription {
  const message = event.message ?? '';
  const details = Object.entries(event.errors ?? {}).map(([field, text]) => `${fieldLabel(field)}: ${text}`);
  switch (event.status) {
    case 400:
    case 422:
      return {
        message:
          translatedCode(event.code, t, message) ??
          (event.code ? t('http.coded', { code: event.code, message }) : message || t('http.unexpected', { message })),
        details,
      };
    case 403:
      return { message: translatedCode(event.code, t, message) ?? t('http.forbidden', { message }), details: [] };
    case 404:
      return { message: t('http.not_found'), details: [] };
    case 409:
      return { message: t('http.conflict'), details: [] };
    default:
      return { message: t('http.unexpected', { message }), details: [] };
  }
}

/** The resource a screen path is about: /shipments/5/packages/create -> packages. */
export function resourceOfPath(pathname: string): string | undefined {
  const words = pathname.split('/').filter((part) => part && !/^\d+$/.test(part) && part !== 'create' && part !== 'edit');
  return words[words.length - 1];
}
