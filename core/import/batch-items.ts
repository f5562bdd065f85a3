/** Batch-item (campaign customer) import: the same header mapping and row rules as shipments, one item per row. */
import { DEFAULT_LOCALE, type Locale } from '../constants.js';
import { collectProblems, schemas } from '../schemas/index.js';
import type { Message } from '../validation.js';
import { BATCH_ITEM_IMPORT_FIELDS } from './fields.js';
import { mapHeaders, rowValues, type HeaderMapping } from './headers.js';
import { dataRows, isBlankRow, rowError, type ImportRowError, type ImportRowResult, type RowSource } from './rows.js';
import { parseCountry, parseIsoDate, parseLocale } from './values.js';

export interface BatchItemImportBody {
  first_name: string;
  last_name: string;
  email?: string;
  phone?: string;
  country: string;
  locale: Locale;
  offset_date?: string;
}

export interface BatchItemImportResult {
  header: HeaderMapping;
  rows: ImportRowResult[];
  items: { row: number; body: BatchItemImportBody }[];
  counts: { rows: number; valid: number; invalid: number; items: number };
}

const ITEM_SCHEMA = {
  first_name: schemas.batch_items.update.first_name,
  last_name: schemas.batch_items.update.last_name,
  email: schemas.batch_items.update.email,
  phone: schemas.batch_items.update.phone,
  offset_date: schemas.batch_items.update.offset_date,
};

export interface BatchItemImportOptions {
  keepRows?: 'all' | 'invalid';
  /** Country used when a row leaves it empty (the importing user's country, else BS). */
  defaultCountry?: string;
  /** Language used when a row leaves it empty (the importing user's language, else en). */
  defaultLocale?: Locale;
  /** Today for the expiry-date window (the server's clock); defaults to the system time. */
  now?: Date;
}

export async function importBatchItemRows(source: RowSource, options: BatchItemImportOptions = {}): Promise<BatchItemImportResult> {
  let mapping: HeaderMapping = mapHeaders([], BATCH_ITEM_IMPORT_FIELDS);
  const result: BatchItemImportResult = { header: mapping, rows: [], items: [], counts: { rows: 0, valid: 0, invalid: 0, items: 0 } };
  const keepAll = (options.keepRows ?? 'all') === 'all';
  for await (const { row, cells } of dataRows(source, (header) => {
    mapping = result.header = mapHeaders(header, BATCH_ITEM_IMPORT_FIELDS);
  })) {
    if (isBlankRow(cells)) continue;
    const v = rowValues(mapping, cells);
    const get = (field: string) => v[field] ?? '';
    const errors: ImportRowError[] = [];
    const add = (column: string, message: Message) => errors.push(rowError(row, column, message, get(column)));
    const country = parseCountry(get('country') || options.defaultCountry || '');
    // A spreadsheet date may come as a timestamp: its calendar day is checked (a real date, within the window).
    const offsetDate = get('offset_date') === '' ? undefined : (parseIsoDate(get('offset_date')) ?? get('offset_date'));
    for (const [field, message] of Object.entries(collectProblems(ITEM_SCHEMA, { ...v, country, offset_date: offsetDate }, { now: options.now }))) add(field, message);
    // en/es, also English/Español; an empty cell is the default language.
    const locale = get('locale') === '' ? (options.defaultLocale ?? DEFAULT_LOCALE) : parseLocale(get('locale'));
    if (locale === undefined) add('locale', { key: 'validation.in' });

    result.counts.rows++;
    if (errors.length > 0) result.counts.invalid++;
    if (keepAll || errors.length > 0) result.rows.push({ row, values: v, errors });
    if (errors.length > 0) continue;
    const body: BatchItemImportBody = { first_name: get('first_name'), last_name: get('last_name'), country, locale: locale! };
    if (get('email')) body.email = get('email');
    if (get('phone')) body.phone = get('phone');
    if (offsetDate) body.offset_date = offsetDate;
    result.items.push({ row, body });
  }
  result.counts.valid = result.counts.rows - result.counts.invalid;
  result.counts.items = result.items.length;
  return result;
}
