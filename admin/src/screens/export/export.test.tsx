import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../shared/saveFile.js';
import { exportFormats, exportQuery } from './ExportButton.js';

describe('export helpers', () => {
  it('reads the file name from content-disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="shipments-2026-01-02.xlsx"', 'x')).toBe('shipments-2026-01-02.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.csv', 'x')).toBe('plain.csv');
    expect(fileNameFromDisposition("attachment; filename=\"a.csv\"; filename*=UTF-8''env%C3%ADos.csv", 'x')).toBe('envíos.csv');
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(fileNameFromDisposition(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('offers XLSX first unless the user prefers CSV', () => {
    expect(exportFormats(undefined)).toEqual(['xlsx', 'csv']);
    expect(exportFormats('csv')).toEqual(['csv', 'xlsx']);
  });

  it('exports the selection by ids, or the list filter and search', () => {
    expect(exportQuery('selection', 'csv', [3, 4], { status: [20] })).toEqual({ ids: [3, 4], format: 'csv' });
    expect(exportQuery('filter', 'xlsx', [3], { status: [20], search: 'ana' })).toEqual({ filters: { status: [20] }, search: 'ana', format: 'xlsx' });
  });
});
