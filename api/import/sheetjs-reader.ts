/**
 * XLS (BIFF) and ODS through SheetJS (`@e965/xlsx`, 0.20.3). SheetJS parses the whole workbook, so the
 * caller has checked the size limits first; `sheetRows` stops it after the row limit.
 */
import * as XLSX from '@e965/xlsx';
import { DomainError } from '../../core/errors.js';
import type { ReadRow } from '../../core/import/rows.js';
import { dateCell } from './cells.js';

export function* readSheetJsRows(buffer: Buffer, maxRows: number, sheet?: string): Generator<ReadRow> {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buffer, {
      type: 'buffer',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      // Header + data rows + one extra so the row limit can still be detected.
      sheetRows: maxRows + 2,
      sheets: sheet,
    } as XLSX.ParsingOptions);
  } catch (error) {
    throw new DomainError('import.unreadable', (error as Error).message);
  }
  const name = sheet ?? workbook.SheetNames[0];
  const worksheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!worksheet) {
    if (sheet !== undefined) throw new DomainError('import.sheet_not_found', 'import.sheet_not_found', { params: { sheet } });
    return;
  }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(worksheet, { header: 1, raw: true, defval: '', blankrows: false, UTC: true } as XLSX.Sheet2JSONOpts);
  let number = 0;
  for (const values of rows) {
    // SheetJS records the 0-based sheet row on each row array; blank rows are skipped.
    const at = (values as unknown as { __rowNum__?: number }).__rowNum__;
    number = typeof at === 'number' ? at + 1 : number + 1;
    yield { row: number, cells: values.map(sheetJsText) };
  }
}

function sheetJsText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateCell(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value).trim();
}
