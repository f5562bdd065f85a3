/** Shapes shared by the shipment and batch-item importers: row problems, row results, counts. */
import type { Message, Translate } from '../validation.js';

/** One problem of one cell. `key` is the i18n message key; `code` is the key without its namespace. */
export interface ImportRowError {
  /** Row number in the file (the header is row 1 in a spreadsheet). */
  row: number;
  /** The field (column) the problem is about. */
  column: string;
  code: string;
  key: string;
  params?: Record<string, string | number>;
  value: string;
}

export interface ImportRowResult {
  row: number;
  values: Record<string, string>;
  errors: ImportRowError[];
}

/** A row as the file readers produce it: the row number and its cells as strings. */
export interface ReadRow {
  row: number;
  cells: string[];
}

export type ImportCounts = {
  rows: number;
  valid: number;
  invalid: number;
};

/** `validation.phone.too_short` -> `phone.too_short`; `import.errors.reference_exists` -> `reference_exists`. */
export function codeOf(key: string): string {
  return key.replace(/^(validation|errors|import\.errors)\./, '');
}

export function rowError(row: number, column: string, message: Message, value: string): ImportRowError {
  return { row, column, code: codeOf(message.key), key: message.key, ...(message.params ? { params: message.params } : {}), value };
}

/** Adds a translated `message` to each error (the API and CLI answer in the user's language). */
export function translateRowErrors(errors: readonly ImportRowError[], t: Translate): (ImportRowError & { message: string })[] {
  return errors.map((e) => ({ ...e, message: t(e.key, e.params) }));
}

/** Accepts arrays, generators and async iterators alike. */
export type RowSource = Iterable<ReadRow> | AsyncIterable<ReadRow>;

/** Splits a row source into its header (first row) and the data rows after it. */
export async function* dataRows(source: RowSource, onHeader: (cells: string[]) => void): AsyncGenerator<ReadRow> {
  let headerSeen = false;
  for await (const row of source) {
    if (!headerSeen) {
      headerSeen = true;
      onHeader(row.cells);
      continue;
    }
    yield row;
  }
}

/** Blank rows (every cell empty) are skipped silently. */
export const isBlankRow = (cells: readonly string[]) => cells.every((c) => String(c ?? '').trim() === '');
