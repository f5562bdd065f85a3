/** File readers and limits for imports (CSV, XLSX, XLS, ODS); the row rules live in core/import. */
export { openImportFile, readImportFile, type ImportSource, type ReadOptions, type OpenedImportFile } from './read-import-file.js';
export { assertSafeZip, zipEntries } from './zip-guard.js';
export type { ImportFormat } from './detect.js';
