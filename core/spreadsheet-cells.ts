/**
 * Formula-injection guard for the spreadsheets and CSV files we write (the API's exports, the dashboard's CSVs): a
 * text cell beginning with = + - @ tab or CR would be run as a formula by Excel or LibreOffice, so it is prefixed with
 * an apostrophe. The importer removes that apostrophe again (core/import/headers.ts `cellText`), so exported files
 * import unchanged. A value that already starts with apostrophes before such a character gets one more, so that it
 * survives too. Numbers are not text: they are written as they are.
 */
export const FORMULA_TRIGGER = /^'*[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}
