/** Normalises cell values written by people: sizes and types in English or Spanish, countries, languages, dates. */
import { LOCALES, PACKAGE_SIZES, SHIPMENT_TYPES, type Locale } from '../constants.js';
import { translate } from '../i18n/index.js';
import { normalizeCountry } from '../validation.js';
import { normalizeHeader } from './headers.js';

/** Canonical value per accepted spelling: the value itself plus its English and Spanish labels. */
function spellings(values: readonly string[], labelPrefix: string, extra: Record<string, string> = {}): Map<string, string> {
  const map = new Map<string, string>();
  for (const value of values) {
    map.set(normalizeHeader(value), value);
    for (const locale of LOCALES) map.set(normalizeHeader(translate(locale, `${labelPrefix}.${value}`)), value);
  }
  for (const [spelling, value] of Object.entries(extra)) map.set(normalizeHeader(spelling), value);
  return map;
}

// Built lazily: the catalogues are complete by the time the first file is read.
let sizes: Map<string, string> | undefined;
let types: Map<string, string> | undefined;
let locales: Map<string, string> | undefined;

/** SMALL/MEDIUM/LARGE/OVERSIZED from `small`, `Pequeño`, `grande`, `sobredimensionado`...; undefined when unknown. */
export function parseSize(raw: string): string | undefined {
  sizes ??= spellings(PACKAGE_SIZES, 'sizes', {
    pequeno: 'SMALL',
    pequena: 'SMALL',
    mediana: 'MEDIUM',
    sobredimensionado: 'OVERSIZED',
    sobredimensionada: 'OVERSIZED',
    'extra grande': 'OVERSIZED',
  });
  return sizes.get(normalizeHeader(raw));
}

/** standard/express (also Estándar/Urgente); empty means standard; undefined when unknown. */
export function parseShipmentType(raw: string): string | undefined {
  if (raw.trim() === '') return 'standard';
  types ??= spellings(SHIPMENT_TYPES, 'shipment_types', { estandar: 'standard', urgente: 'express' });
  return types.get(normalizeHeader(raw));
}

/** en/es (also English/Español/Spanish/Inglés); empty means en; undefined when unknown. */
export function parseLocale(raw: string): Locale | undefined {
  if (raw.trim() === '') return 'en';
  locales ??= spellings(LOCALES, 'app.languages', { spanish: 'es', espanol: 'es', ingles: 'en', english: 'en' });
  return locales.get(normalizeHeader(raw.split(/[-_]/)[0])) as Locale | undefined;
}

/** Two-letter country code; empty or unknown falls back to BS (SPEC section 5). */
export const parseCountry = (raw: string): string => normalizeCountry(raw);

/** An ISO date `YYYY-MM-DD` (also accepts a full ISO timestamp); undefined when not a real date. */
export function parseIsoDate(raw: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/.exec(raw.trim());
  if (!match) return undefined;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d)
    ? `${y}-${m}-${d}`
    : undefined;
}
