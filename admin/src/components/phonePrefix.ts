import { Metadata } from 'libphonenumber-js/min';
import { dialPrefix, normalizeCountry } from '../../../core/validation.js';

/**
 * The fixed leading digits of a country's national numbers, when it has exactly one (e.g. '242' for the
 * Bahamas inside the +1 plan); '' otherwise.
 */
export function areaPrefix(country: unknown): string {
  const metadata = new Metadata();
  metadata.selectNumberingPlan(normalizeCountry(country));
  const leading = metadata.numberingPlan?.leadingDigits();
  return leading && /^\d+$/.test(leading) ? leading : '';
}

/** What the phone input shows before the number: '+1 242' for BS, '+34' for ES. */
export function phoneAdornment(country: unknown): string {
  const area = areaPrefix(country);
  return area ? `${dialPrefix(country)} ${area}` : dialPrefix(country);
}

/** Stored value -> what the user edits: the area digits shown in the adornment are not repeated. */
export function formatPhone(stored: unknown, country: unknown): string {
  const value = stored === null || stored === undefined ? '' : String(stored);
  const area = areaPrefix(country);
  return area && !value.startsWith('+') && value.startsWith(area) ? value.slice(area.length) : value;
}

/** What the user typed -> stored national number (area digits added back; international numbers kept). */
export function parsePhone(typed: string, country: unknown): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const area = areaPrefix(country);
  return area && !value.startsWith('+') ? area + value : value;
}
