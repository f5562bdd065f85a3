/**
 * The one entry point for reading an uploaded import file: checks the limits before memory is spent,
 * detects the format, and yields the header row and data rows as strings (blank rows skipped).
 * Refusals are DomainErrors: import.too_large, import.too_many_rows, import.zip_bomb, import.empty,
 * import.no_rows, import.unsupported_format, import.unreadable, import.sheet_not_found.
 */
import { readFile, stat } from 'node:fs/promises';
import { IMPORT_LIMITS } from '../../core/constants.js';
import { DomainError } from '../../core/errors.js';
import { isBlankRow, type ReadRow } from '../../core/import/rows.js';
import { bufferCsvSource, fileCsvSource, readCsvRows, readFileHead } from './csv-reader.js';
import { isTextName, sniffContainer, zipFormat, type ImportFormat } from './detect.js';
import { readSheetJsRows } from './sheetjs-reader.js';
import { readXlsxRows } from './xlsx-reader.js';
import { assertSafeZip } from './zip-guard.js';

export type ImportSource = { path: string; name?: string } | { buffer: Buffer; name?: string };

export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  maxInflateRatio: number;
  maxInflatedBytes: number;
}

export interface ReadOptions {
  /** Read this sheet instead of the first (spreadsheets only). */
  sheet?: string;
  limits?: Partial<ImportLimits>;
  /** Sees every row read (header first, blank rows skipped), e.g. for progress or a preview page. */
  onRow?: (row: ReadRow, index: number) => void;
}

export interface OpenedImportFile {
  format: ImportFormat;
  /** Header row first, then data rows; throws a coded error when a limit is hit or nothing is there. */
  rows: AsyncGenerator<ReadRow>;
}

const MB = 1024 * 1024;

async function sizeOf(source: ImportSource): Promise<number> {
  if ('buffer' in source) return source.buffer.length;
  // A missing or forbidden path, or a folder, is the caller's to tell (the CLI names the file), not a damaged spreadsheet.
  const info = await stat(source.path);
  if (info.isDirectory()) throw Object.assign(new Error(`EISDIR: ${source.path}`), { code: 'EISDIR', path: source.path });
  return info.size;
}

async function headOf(source: ImportSource, bytes: number): Promise<Buffer> {
  if ('buffer' in source) return source.buffer.subarray(0, bytes);
  return readFileHead(source.path, bytes);
}

const wholeFile = (source: ImportSource) => ('buffer' in source ? Promise.resolve(source.buffer) : readFile(source.path));

/** Detects the format and opens the row stream. Size and archive checks happen here, before any parsing. */
export async function openImportFile(source: ImportSource, options: ReadOptions = {}): Promise<OpenedImportFile> {
  const limits: ImportLimits = { ...IMPORT_LIMITS, ...options.limits };
  const size = await sizeOf(source);
  if (size > limits.maxBytes)
    throw new DomainError('import.too_large', 'import.too_large', { params: { max: Math.round(limits.maxBytes / MB) } });
  if (size === 0) throw new DomainError('import.empty');

  const head = await headOf(source, 4096);
  const container = sniffContainer(head);
  let format: ImportFormat;
  let raw: AsyncIterable<ReadRow> | Iterable<ReadRow>;
  if (container === 'zip') {
    const buffer = await wholeFile(source);
    const entries = await assertSafeZip(buffer, limits);
    format = zipFormat(entries);
    raw = format === 'xlsx' ? readXlsxRows(buffer, entries, options.sheet) : readSheetJsRows(buffer, limits.maxRows, options.sheet);
  } else if (container === 'ole2') {
    format = 'xls';
    raw = readSheetJsRows(await wholeFile(source), limits.maxRows, options.sheet);
  } else if (container === 'text' && isTextName(source.name)) {
    format = 'csv';
    raw = readCsvRows('buffer' in source ? bufferCsvSource(source.buffer) : fileCsvSource(source.path));
  } else {
    throw new DomainError('import.unsupported_format');
  }
  return { format, rows: limitRows(raw, limits.maxRows, options.onRow) };
}

/** Skips blank rows, refuses a file without rows or without data rows, and stops at maxRows + 1 data rows. */
async function* limitRows(rows: AsyncIterable<ReadRow> | Iterable<ReadRow>, maxRows: number, onRow?: ReadOptions['onRow']): AsyncGenerator<ReadRow> {
  let seen = 0;
  for await (const row of rows) {
    if (isBlankRow(row.cells)) continue;
    if (seen > maxRows) throw new DomainError('import.too_many_rows', 'import.too_many_rows', { params: { max: maxRows } });
    onRow?.(row, seen);
    seen++;
    yield row;
  }
  if (seen === 0) throw new DomainError('import.empty');
  if (seen === 1) throw new DomainError('import.no_rows');
}

/** Reads a whole file into memory as rows (tests and small files; the importer consumes `rows` directly). */
export async function readImportFile(source: ImportSource, options?: ReadOptions): Promise<{ format: ImportFormat; rows: ReadRow[] }> {
  const { format, rows } = await openImportFile(source, options);
  const all: ReadRow[] = [];
  for await (const row of rows) all.push(row);
  return { format, rows: all };
}
