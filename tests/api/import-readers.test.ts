import { mkdtempSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { openImportFile, readImportFile, type ImportSource } from '../../api/import/index.js';
import { importShipmentRows, memoryImportContext, SHIPMENT_IMPORT_FIELDS } from '../../core/import/index.js';
import { isDomainError } from '../../core/errors.js';
import { buildTemplate } from '../../templates/import-template.js';
import { neutraliseCell } from '../../core/spreadsheet-cells.js';
import { entryData, zipEntries } from '../../api/import/zip-guard.js';
import { zipOf } from '../../fixtures/import/zip-writer.js';

const dir = 'fixtures/import';
const fixture = (name: string): ImportSource => ({ path: join(dir, name), name });
const HEADERS = SHIPMENT_IMPORT_FIELDS.map((f) => f.name);
const context = memoryImportContext({
  locations: [
    { id: 1, code: 'NAS-PUDO-01', name: 'Nassau PUDO', class: 'pudo', active: true },
    { id: 2, code: 'NAS-LOCK-01', name: 'Nassau Locker', class: 'locker', active: true },
  ],
});

async function refusal(source: ImportSource, options?: Parameters<typeof readImportFile>[1]): Promise<string> {
  try {
    await readImportFile(source, options);
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe('import file readers', () => {
  it.each(['good-shipments.csv', 'tab-separated.csv', 'good-shipments.xlsx', 'good-shipments.libreoffice.xlsx', 'good-shipments.xls', 'good-shipments.ods'])(
    'reads %s into the same valid shipments',
    async (name) => {
      const { rows } = await openImportFile(fixture(name));
      const result = await importShipmentRows(rows, context);
      expect(result.rows.flatMap((r) => r.errors)).toEqual([]);
      expect(result.counts).toEqual({ rows: 6, valid: 6, invalid: 0, shipments: 5, packages: 6 });
    },
  );

  it('reads a UTF-8 CSV with BOM, semicolons, Spanish headers and a quoted newline, and the Windows-1252 copy', async () => {
    for (const name of ['bom-semicolon.csv', 'windows-1252.csv']) {
      const { format, rows } = await readImportFile(fixture(name));
      expect(format).toBe('csv');
      expect(rows[1].cells.slice(1, 3)).toEqual(['José', 'Núñez']);
      const result = await importShipmentRows(rows, context);
      expect(result.header.unknown).toEqual([{ index: 9, header: 'Columna extra' }]);
      expect(result.counts).toMatchObject({ valid: 2, shipments: 2 });
      expect(result.shipments[1].body.packages[0].size).toBe('OVERSIZED');
    }
    expect((await readImportFile(fixture('bom-semicolon.csv'))).rows[1].cells[8]).toBe('Línea 1\nLínea 2');
  });

  it('reads formulas as their cached values and dates as ISO dates', async () => {
    for (const name of ['formulas.xlsx', 'formulas.ods']) {
      const { rows } = await readImportFile(fixture(name));
      expect(rows.map((r) => r.cells)).toEqual([
        ['first_name', 'last_name', 'email', 'phone', 'country', 'offset_date'],
        ['Ana', 'Rolle', 'ana@example.com', '+1 242 502 1234', 'BS', '2030-01-31'],
        ['BEN', 'Knowles', 'ben@example.com', '', 'BS', '2030-02-01'],
      ]);
    }
    const xls = await readImportFile(fixture('formulas.xls'));
    expect(xls.rows[1].cells[5]).toBe('2030-01-31');
  });

  it('reads names with accents exactly, however the archive cuts its text into chunks', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Clientes');
    const name = (i: number) => `Muñoz Ñandú ${i} — €`;
    // 4,000 different names: the shared strings run over several 16 KiB inflate chunks.
    for (let i = 0; i < 4000; i++) sheet.addRow([name(i)]);
    const { rows } = await readImportFile({ buffer: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'accents.xlsx' });
    expect(rows).toHaveLength(4000);
    expect(rows.filter((row, i) => row.cells[0] !== name(i)).map((row) => row.cells[0])).toEqual([]);
  });

  it("reads the workbook's first tab whatever order its parts are stored in", async () => {
    const workbook = new ExcelJS.Workbook();
    for (const tab of ['First', 'Second']) workbook.addWorksheet(tab).addRows([['tab'], [tab]]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    // Sheets stored first and in reverse, the workbook and its relationships last.
    const rank = (name: string) => (name === 'xl/worksheets/sheet2.xml' ? 0 : name === 'xl/worksheets/sheet1.xml' ? 1 : name.startsWith('xl/') && !name.includes('workbook') ? 2 : 3);
    const reordered = zipOf(
      zipEntries(xlsx)
        .filter((entry) => !entry.name.endsWith('/'))
        .sort((a, b) => rank(a.name) - rank(b.name))
        .map((entry) => {
          const data = inflateRawSync(entryData(xlsx, entry));
          return { name: entry.name, data, crc: crc32(data), method: 0, size: data.length, declared: data.length };
        }),
    );
    expect(zipEntries(reordered)[0].name).toBe('xl/worksheets/sheet2.xml');
    expect((await readImportFile({ buffer: reordered, name: 'tabs.xlsx' })).rows[1].cells).toEqual(['First']);
    expect((await readImportFile({ buffer: reordered, name: 'tabs.xlsx' }, { sheet: 'Second' })).rows[1].cells).toEqual(['Second']);
  });

  it('refuses empty, header-only, unknown, bomb and oversized files with coded errors', async () => {
    expect(await refusal(fixture('empty.csv'))).toBe('import.empty');
    expect(await refusal(fixture('header-only.csv'))).toBe('import.no_rows');
    expect(await refusal(fixture('not-a-spreadsheet.xlsx'))).toBe('import.unsupported_format');
    expect(await refusal(fixture('zip-bomb.xlsx'))).toBe('import.zip_bomb');
    expect(await refusal({ buffer: Buffer.from('PK\u0003\u0004 broken archive') })).toBe('import.unreadable');
    expect(await refusal({ buffer: Buffer.alloc(21 * 1024 * 1024, 0x41), name: 'big.csv' })).toBe('import.too_large');
    expect(await refusal(fixture('good-shipments.xlsx'), { sheet: 'Nope' })).toBe('import.sheet_not_found');
  });

  it('refuses the 100,001st data row while streaming', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'import-')), 'rows.csv');
    const out = createWriteStream(path);
    out.write(HEADERS.join(',') + '\n');
    const line = 'R,,Ana,Rolle,ana@example.com,,BS,,NAS-PUDO-01,,,SMALL,,\n';
    for (let i = 0; i < 100_001; i++) if (!out.write(line)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    expect(await refusal({ path, name: 'rows.csv' })).toBe('import.too_many_rows');
    expect(await refusal({ path, name: 'rows.csv' }, { limits: { maxRows: 100_001 } })).toBe('no error');
  }, 60_000);
});

describe('templates', () => {
  it('builds CSV and XLSX templates that import cleanly, with a help sheet in the user language', async () => {
    const csv = await buildTemplate('csv', 'en');
    expect(csv.toString('utf8').split('\n')[0]).toBe(HEADERS.join(','));
    const xlsx = await buildTemplate('xlsx', 'es');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(workbook.worksheets[1].name).toBe('Columnas');
    expect(String(workbook.worksheets[1].getRow(2).getCell(3).value)).toContain('número de pedido');
    for (const buffer of [csv, xlsx]) {
      const { rows } = await openImportFile({ buffer, name: buffer === csv ? 't.csv' : 't.xlsx' });
      const result = await importShipmentRows(rows, context);
      expect(result.counts).toMatchObject({ valid: 1, shipments: 1 });
    }
  });
});

describe('round trip', () => {
  it('a valid row set survives our CSV export (formula guard, any delimiter) and reading unchanged', async () => {
    const text = fc.string({ maxLength: 30 }).map((s) => [...s].map((c) => (c < ' ' || c === '\u007f' ? ' ' : c)).join('').trim());
    const record = fc.record({
      external_reference_id: fc.stringMatching(/^[A-Z0-9-]{1,10}$/),
      first_name: fc.constantFrom('Ana', 'José', 'Zoë', "O'Neil", 'Ana "Nana"'),
      description: text,
      size: fc.constantFrom('SMALL', 'MEDIUM', 'LARGE', 'OVERSIZED'),
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(record, { minLength: 1, maxLength: 15, selector: (r) => r.external_reference_id }), fc.constantFrom(',', ';', '\t'), async (records, delimiter) => {
        const rows = records.map((r) => ({ last_name: 'Rolle', email: 'a@example.com', dropoff_location: 'NAS-PUDO-01', ...r }));
        const written = stringify([HEADERS, ...rows.map((r) => HEADERS.map((h) => neutraliseCell((r as Record<string, string>)[h] ?? '')))], { delimiter });
        const { rows: read } = await readImportFile({ buffer: Buffer.from(written), name: 'x.csv' });
        const result = await importShipmentRows(read, context);
        expect(result.counts.invalid).toBe(0);
        expect(result.shipments.map((s) => [s.body.external_reference_id, s.body.first_name, s.body.packages[0].description ?? '', s.body.packages[0].size])).toEqual(
          rows.map((r) => [r.external_reference_id, r.first_name, r.description, r.size]),
        );
      }),
      { numRuns: 40 },
    );
  });
});
