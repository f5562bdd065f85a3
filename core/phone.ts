/**
 * The one phone number normaliser: every stored phone (shipments, batch items; API create/update, import,
 * fetch) is E.164 ('+12423575555'), read against the record's country when typed nationally, so SMS go to
 * a number any provider accepts. Screens show the international format ('+1 242-357-5555').
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { normalizeCountry } from './validation.js';

const parse = (phone: unknown, country: unknown) => {
  if (typeof phone !== 'string' || !phone.trim()) return undefined;
  return parsePhoneNumberFromString(phone.trim(), normalizeCountry(country) as CountryCode);
};

/**
 * E.164 form of `phone` (national numbers read in `country`, BS when unknown); null when empty. A number
 * that cannot be parsed is returned trimmed: validation refuses it before anything is stored.
 */
export function toE164(phone: unknown, country: unknown): string | null {
  if (typeof phone !== 'string' || !phone.trim()) return null;
  return parse(phone, country)?.number ?? phone.trim();
}

/** How screens show a stored number: international format, or the stored text when it does not parse. */
export function formatPhoneForDisplay(phone: unknown, country?: unknown): string {
  if (typeof phone !== 'string' || !phone.trim()) return '';
  const parsed = parse(phone, country);
  return parsed?.isValid() ? parsed.formatInternational() : phone.trim();
}
