/**
 * SPEC section 8, global response handling: what the error dialog says for an HTTP error.
 * Pure: takes a translator that returns the key itself when a translation is missing.
 */
import type { HttpErrorEvent } from './bus.js';

export type Translator = (key: string, params?: Record<string, string | number>) => string;

export interface ErrorDescription {
  message: string;
  /**
   * The fields whose error is the message itself (a refusal about one field: `user.email_taken` with
   * `errors.email` saying the same): named before the message ("Email: ...") rather than repeated under it.
   */
  fields: string[];
  /** The other field errors ("field: message"), shown under the message. */
  details: string[];
}

/** The same sentence, give or take case, spacing and a final full stop. */
const sameText = (a: string, b: string) => {
  const norm = (text: string) => text.trim().replace(/[.\s]+$/, '').replace(/\s+/g, ' ').toLowerCase();
  return norm(a) !== '' && norm(a) === norm(b);
};

/** The dialog's one line for the message: the fields it is about, then the message (ErrorDialogView). */
export const messageLine = ({ message, fields }: Pick<ErrorDescription, 'message' | 'fields'>) => (fields.length ? `${fields.join(', ')}: ${message}` : message);

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
  switch (event.status) {
    case 400:
    case 422: {
      const shown =
        translatedCode(event.code, t, message) ??
        (event.code ? t('http.coded', { code: event.code, message }) : message || t('http.unexpected', { message }));
      // A field error saying what the message says (the server's sentence, or its translation shown) is said once,
      // its field named before the message; the others are listed under it.
      const fields: string[] = [];
      const details: string[] = [];
      for (const [field, text] of Object.entries(event.errors ?? {})) {
        if (sameText(text, message) || sameText(text, shown)) fields.push(fieldLabel(field));
        else details.push(`${fieldLabel(field)}: ${text}`);
      }
      return { message: shown, fields, details };
    }
    case 403:
      return { message: translatedCode(event.code, t, message) ?? t('http.forbidden', { message }), fields: [], details: [] };
    case 404:
      return { message: t('http.not_found'), fields: [], details: [] };
    case 409:
      return { message: t('http.conflict'), fields: [], details: [] };
    default:
      return { message: t('http.unexpected', { message }), fields: [], details: [] };
  }
}

/** The resource a screen path is about: /shipments/5/packages/create -> packages. */
export function resourceOfPath(pathname: string): string | undefined {
  const words = pathname.split('/').filter((part) => part && !/^\d+$/.test(part) && part !== 'create' && part !== 'edit');
  return words[words.length - 1];
}
