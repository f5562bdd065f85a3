/**
 * Streams the rows of one XLSX sheet: the workbook's first tab, or the one named.
 *
 * The archive is read through its central directory (the caller holds it in memory and has checked it with
 * zip-guard), each part inflated as a stream when it is needed: the relationships, the workbook, the shared
 * strings and the styles first, then the one sheet. exceljs's own streaming reader reads the archive in stored
 * order through unzipper, which drops entries while its consumer awaits (exceljs#3064, unzipper#234), and parks
 * sheets stored before the shared strings in temp files: on a busy machine a good file came back unreadable.
 * exceljs (pinned) still parses each part, through its reader's part parsers.
 *
 * Parts are decoded as UTF-8 streams before exceljs sees them: exceljs decodes each chunk on its own, which
 * broke a character that straddled two 16 KiB chunks ("Muñoz" became "Mu��oz").
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { DomainError } from '../../core/errors.js';
import type { ReadRow } from '../../core/import/rows.js';
import { cellText } from './cells.js';
import { DEFLATED, entryData, STORED, type ZipEntryInfo } from './zip-guard.js';

interface SheetReader extends AsyncIterable<{ number: number; values: unknown[] }> {
  name: string;
}

/** The part parsers of exceljs 4.4.0's WorkbookReader (lib/stream/xlsx/workbook-reader.js). */
interface WorkbookParts {
  model?: { sheets?: { name: string; rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: SheetReader }>;
}

const unreadable = (why?: string) => new DomainError('import.unreadable', why);

/** One part of the archive as a stream of UTF-8 text, inflated as it is read. */
function openPart(zip: Buffer, entry: ZipEntryInfo): Readable {
  const data = entryData(zip, entry);
  let stream: Readable;
  if (entry.method === STORED) stream = Readable.from([data], { objectMode: false });
  else if (entry.method === DEFLATED) stream = Readable.from([data], { objectMode: false }).pipe(createInflateRaw());
  else throw unreadable();
  return stream.setEncoding('utf8');
}

/** The archive path of a relationship target (relative to xl/, or absolute from the archive root). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The rows of the workbook's first tab or of `sheet`, each row's cells as trimmed text. */
export async function* readXlsxRows(zip: Buffer, entries: ZipEntryInfo[], sheet?: string): AsyncGenerator<ReadRow> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const part = (name: string) => {
    const entry = byName.get(name);
    return entry && openPart(zip, entry);
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader('', {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers; hyperlinks are not needed.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookParts;
  try {
    const rels = part('xl/_rels/workbook.xml.rels');
    const workbook = part('xl/workbook.xml');
    if (!rels || !workbook) throw unreadable('no workbook part');
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    const strings = part('xl/sharedStrings.xml');
    if (strings) for await (const _cached of reader._parseSharedStrings(strings)) void _cached;
    const styles = part('xl/styles.xml');
    if (styles) await reader._parseStyles(styles);

    const tabs = reader.model?.sheets ?? [];
    const tab = sheet === undefined ? tabs[0] : tabs.find((t) => t.name === sheet);
    if (!tab) {
      if (sheet !== undefined) throw new DomainError('import.sheet_not_found', 'import.sheet_not_found', { params: { sheet } });
      return;
    }
    const target = reader.workbookRels?.find((rel) => rel.Id === tab.rId)?.Target;
    const path = target && partPath(target);
    const sheetPart = path ? part(path) : undefined;
    if (!path || !sheetPart) throw unreadable(`no part for sheet ${tab.name}`);
    const [{ value: worksheet }] = [...reader._parseWorksheet(sheetPart, /(\d+)\.xml$/.exec(path)?.[1] ?? '1')];
    for await (const row of worksheet) {
      // `values` is 1-based and sparse.
      const cells: string[] = [];
      const values = row.values ?? [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]).trim());
      yield { row: row.number, cells };
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw unreadable((error as Error).message);
  }
}
