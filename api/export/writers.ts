/**
 * Streaming writers for exports: CSV (csv-stringify, UTF-8 with BOM so Excel reads accents) and XLSX
 * (exceljs streaming WorkbookWriter, rows committed as they come). Text cells are neutralised against
 * formula injection; numbers stay numbers.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { neutraliseCell } from '../../core/spreadsheet-cells.js';

export type ExportFormat = 'csv' | 'xlsx';
type Cell = string | number | null;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const safe = (cell: Cell) => (typeof cell === 'string' ? neutraliseCell(cell) : cell);

/** Writes header + rows to `out` in the format; resolves when everything is flushed. */
export async function writeExport(format: ExportFormat, header: string[], rows: AsyncIterable<Cell[]>, out: Writable, sheetName = 'Shipments'): Promise<number> {
  return format === 'csv' ? writeCsv(header, rows, out) : writeXlsx(header, rows, out, sheetName);
}

async function writeCsv(header: string[], rows: AsyncIterable<Cell[]>, out: Writable): Promise<number> {
  const csv = stringify({ bom: true });
  csv.pipe(out);
  const done = once(out, 'finish');
  const write = async (cells: Cell[]) => {
    if (!csv.write(cells.map((c) => (c === null ? '' : safe(c))))) await once(csv, 'drain');
  };
  await write(header);
  let n = 0;
  for await (const row of rows) {
    await write(row);
    n++;
  }
  csv.end();
  await done;
  return n;
}

async function writeXlsx(header: string[], rows: AsyncIterable<Cell[]>, out: Writable, sheetName: string): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const headerRow = sheet.addRow(header);
  headerRow.font = { bold: true };
  headerRow.commit();
  let n = 0;
  for await (const row of rows) {
    sheet.addRow(row.map(safe)).commit();
    // Let the output drain now and then: the zip stream buffers what the consumer has not read.
    if (++n % 1000 === 0 && out.writableNeedDrain) await once(out, 'drain');
  }
  sheet.commit();
  await workbook.commit();
  return n;
}
