/** Maps a file's header row to import fields: by field name or English/Spanish label, ignoring case, accents and spacing. */
import { LOCALES } from '../constants.js';
import { translate } from '../i18n/index.js';
import type { ImportField } from './fields.js';
import { FORMULA_TRIGGER } from '../spreadsheet-cells.js';

/** `"  Drop-off  Location "` -> `"drop off location"`; `"Número_de pedido"` -> `"numero de pedido"`. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, ' ')
    .trim();
}

export interface HeaderMapping {
  /** For each column of the file, the field it feeds, or null when the column is unknown or a repeat. */
  columns: (string | null)[];
  /** The header text of each column as written in the file. */
  headers: string[];
  /** Columns nobody recognised (reported, not fatal). `index` is 0-based. */
  unknown: { index: number; header: string }[];
  /** Columns naming a field already mapped by an earlier column (ignored). */
  duplicates: { index: number; header: string; field: string }[];
  /** Required fields with no column. */
  missing: string[];
}

/** Every accepted spelling of each field, normalised. */
export function headerAliases(fields: readonly ImportField[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const field of fields) {
    aliases.set(normalizeHeader(field.name), field.name);
    for (const key of field.labelKeys)
      for (const locale of LOCALES) {
        const label = translate(locale, key);
        if (label !== key && !aliases.has(normalizeHeader(label))) aliases.set(normalizeHeader(label), field.name);
      }
  }
  return aliases;
}

export function mapHeaders(headerRow: readonly string[], fields: readonly ImportField[]): HeaderMapping {
  const aliases = headerAliases(fields);
  const mapping: HeaderMapping = { columns: [], headers: [], unknown: [], duplicates: [], missing: [] };
  const seen = new Set<string>();
  headerRow.forEach((raw, index) => {
    const header = String(raw ?? '').trim();
    mapping.headers.push(header);
    const field = header === '' ? undefined : aliases.get(normalizeHeader(header));
    if (field === undefined) {
      mapping.columns.push(null);
      if (header !== '') mapping.unknown.push({ index, header });
    } else if (seen.has(field)) {
      mapping.columns.push(null);
      mapping.duplicates.push({ index, header, field });
    } else {
      seen.add(field);
      mapping.columns.push(field);
    }
  });
  mapping.missing = fields.filter((f) => f.required && !seen.has(f.name)).map((f) => f.name);
  return mapping;
}

/**
 * A cell as the importer reads it: trimmed, and without the apostrophe our exports put before text that
 * begins with = + - @ tab or CR, possibly after apostrophes of its own (the formula-injection guard),
 * so exported files import unchanged.
 */
export function cellText(cell: unknown): string {
  const text = String(cell ?? '');
  return (text.length > 1 && text[0] === "'" && FORMULA_TRIGGER.test(text.slice(1)) ? text.slice(1) : text).trim();
}

/** The row's cells keyed by field (trimmed strings; absent columns are ''). */
export function rowValues(mapping: HeaderMapping, cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  mapping.columns.forEach((field, index) => {
    if (field) values[field] = cellText(cells[index]);
  });
  return values;
}
