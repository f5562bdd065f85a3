import { Metadata } from 'libphonenumber-js/min';
import { dialPrefix, normalizeCountry, phoneProblem } from '../../../core/validation.js';

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

/**
 * Stored value -> what the user edits: the digits shown in the adornment are not repeated, whether the number
 * was stored nationally ('2423591234') or internationally for this country ('+12423591234'). Numbers of other
 * countries stay as stored.
 */
export function formatPhone(stored: unknown, country: unknown): string {
  const value = stored === null || stored === undefined ? '' : String(stored);
  const area = areaPrefix(country);
  if (value.startsWith('+')) {
    const own = dialPrefix(country) + area;
    const compact = value.replace(/[\s().-]/g, '');
    return compact.startsWith(own) && compact.length > own.length ? compact.slice(own.length) : value;
  }
  return area && value.startsWith(area) ? value.slice(area.length).replace(/^[\s.-]+/, '') : value;
}

/**
 * What the user typed -> stored national number: area digits added back, except when the typed (or
 * pasted) number is already a complete national one ('242 359 1234' for BS); international numbers kept.
 */
export function parsePhone(typed: string, country: unknown): string | null {
  const value = typed.trim();
  if (value === '') return null;
  const area = areaPrefix(country);
  if (!area || value.startsWith('+')) return value;
  const withArea = area + value;
  return phoneProblem(withArea, country) !== null && phoneProblem(value, country) === null ? value : withArea;
}
