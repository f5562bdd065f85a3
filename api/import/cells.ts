/** Turns spreadsheet cell values into the strings the importer reads: formulas -> cached result, dates -> ISO date. */

/** A date at midnight UTC becomes `YYYY-MM-DD`; a date with a time keeps the full ISO timestamp. */
export function dateCell(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** exceljs cell values: primitives, Date, rich text, hyperlinks, formulas (with cached results), errors. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateCell(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('result' in v) return cellText(v.result);
    if ('formula' in v || 'sharedFormula' in v) return '';
    if (Array.isArray(v.richText)) return v.richText.map((part: { text?: string }) => part.text ?? '').join('');
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return '';
  }
  return String(value);
}
