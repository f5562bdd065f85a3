/** Streams the rows of an XLSX sheet with exceljs's streaming reader (the first sheet unless one is named). */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DomainError } from '../../core/errors.js';
import type { ReadRow } from '../../core/import/rows.js';
import { cellText } from './cells.js';

interface SheetReader extends AsyncIterable<{ number: number; values: unknown[] }> {
  name: string;
}

export async function* readXlsxRows(buffer: Buffer, sheet?: string): AsyncGenerator<ReadRow> {
  const input = Readable.from([buffer]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers; hyperlinks are not needed.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  try {
    for await (const worksheet of reader as unknown as AsyncIterable<SheetReader>) {
      if (found || (sheet !== undefined && worksheet.name !== sheet)) {
        for await (const _row of worksheet) void _row; // drain: the zip stream must move on
        continue;
      }
      found = true;
      for await (const row of worksheet) {
        // `values` is 1-based and sparse.
        const cells: string[] = [];
        const values = row.values ?? [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
        yield { row: row.number, cells };
      }
      break;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('import.unreadable', (error as Error).message);
  } finally {
    input.destroy();
  }
  if (!found && sheet !== undefined) throw new DomainError('import.sheet_not_found', 'import.sheet_not_found', { params: { sheet } });
}
