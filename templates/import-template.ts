/**
 * The import templates (GET /api/shipments/import/template, `lockerline template shipments`; batch
 * customers: GET /api/batches/:id/items/import/template):
 * headers are the field names, one example row; the XLSX has a second sheet explaining each column in
 * the user's language. Given the drop-off points the requesting merchant may use, the example row names a
 * real one (so the sample imports as it is) and the explanation sheet lists them all.
 */
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import type { Locale } from '../core/constants.js';
import { IMPORT_FIELDS, type ImportKind } from '../core/import/fields.js';
import { translate } from '../core/i18n/index.js';

export type TemplateFormat = 'csv' | 'xlsx';

/** A drop-off point the merchant may name in the `dropoff_location` column. */
export interface TemplateDropoff {
  code: string;
  name: string;
  class: string;
  locality: string | null;
}

export interface TemplateOptions {
  /** The merchant's usable drop-off points, best sample first; none: the generic example stays. */
  dropoffs?: readonly TemplateDropoff[];
}

export async function buildTemplate(format: TemplateFormat, locale: Locale, kind: ImportKind = 'shipments', options: TemplateOptions = {}): Promise<Buffer> {
  const fields = IMPORT_FIELDS[kind];
  const dropoffs = options.dropoffs ?? [];
  const headers = fields.map((f) => f.name);
  const example = fields.map((f) => (f.name === 'dropoff_location' && dropoffs[0] ? dropoffs[0].code : f.example));
  if (format === 'csv') return Buffer.from(stringify([headers, example]), 'utf8');

  const t = (key: string) => translate(locale, key);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lockerline';
  const sheet = workbook.addWorksheet(t(`resources.${kind}.name`).split('||||').pop()!.trim() || kind);
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(14, headers[index].length + 4);
    column.numFmt = '@'; // text: phone numbers and barcodes keep their leading zeros
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];

  const help = workbook.addWorksheet(t('import.template.columns_sheet'));
  help.addRow([t('import.template.column'), t('import.template.required'), t('import.template.explanation'), t('import.template.example')]).font = { bold: true };
  for (const field of fields)
    help.addRow([field.name, t(field.required ? 'import.template.yes' : 'import.template.no'), t(field.help ?? `import.columns.${field.name}`), example[fields.indexOf(field)]]);
  if (dropoffs.length && fields.some((f) => f.name === 'dropoff_location')) {
    help.addRow([]);
    help.addRow([t('import.template.dropoffs')]).font = { bold: true };
    help.addRow([t('import.template.dropoff_code'), t('import.template.dropoff_class'), t('import.template.dropoff_name'), t('import.template.dropoff_locality')]).font = { bold: true };
    for (const d of dropoffs) help.addRow([d.code, t(`location_classes.${d.class}`), d.name, d.locality ?? '']);
  }
  help.columns = [{ width: 24 }, { width: 12 }, { width: 90 }, { width: 24 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
