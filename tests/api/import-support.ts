/** Shared by the import/export API suites: fixture files, multipart bodies, import locations, merchants, workbooks and counts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/db/tables.js';
import type { ImportUploadTable } from '../../api/import/uploads.repository.js';
import type { Client } from './helpers.js';

export interface UploadFile {
  name: string;
  content: Buffer | string;
}

/** A file of fixtures/import (spreadsheets saved by real programs, and the hostile ones). */
export const fixture = (name: string): UploadFile => ({ name, content: readFileSync(join('fixtures/import', name)) });

/** The files every import upload refuses, as `[label, file, HTTP status, code]`; each suite brings its own header-only file. */
export function refusedFiles(headerOnly: UploadFile): [string, UploadFile, number, string][] {
  return [
    ['an empty file', fixture('empty.csv'), 422, 'import.empty'],
    ['a header-only file', headerOnly, 422, 'import.no_rows'],
    ['a zip bomb disguised as .xlsx', fixture('zip-bomb.xlsx'), 413, 'import.zip_bomb'],
    ['a file that is not a spreadsheet', fixture('not-a-spreadsheet.xlsx'), 422, 'import.unsupported_format'],
    ['a file over 20 MB', { name: 'big.csv', content: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') }, 413, 'import.too_large'],
  ];
}

const BOUNDARY = '----lockerline-test-boundary';

/** A multipart/form-data body with one `file` part and optional text fields. */
export function multipart(file: UploadFile, fields: Record<string, string> = {}) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
  parts.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** POST a file to an import upload endpoint (the shipment one unless `url` says otherwise). */
export function upload(client: Client, file: UploadFile, fields?: Record<string, string>, url = '/api/shipments/import/upload') {
  const { body, headers } = multipart(file, fields);
  return client.request({ method: 'POST', url, body, headers });
}

/** The locations the import fixtures name (fixtures/import/*): network locations any merchant may use. */
export async function addImportLocations(db: Kysely<Database>): Promise<Record<string, number>> {
  const now = new Date().toISOString();
  const ids: Record<string, number> = {};
  for (const [code, name, cls, active] of [
    ['NAS-PUDO-01', 'Nassau PUDO', 'pudo', 1],
    ['NAS-LOCK-01', 'Nassau Locker', 'locker', 1],
    ['OLD-01', 'Old locker', 'locker', 0],
  ] as const) {
    const row = await db
      .insertInto('locations')
      .values({ name, code, type: 'dropoff', class: cls, locker_service: null, merchant_id: null, active, approved: 1, hours: null, zone: null, route: null, timezone: null, latitude: null, longitude: null, what3words: null, image: null, secure_access_key: null, terminal: null, address_company: null, address_description: null, address_street: null, address_house_number: null, address_locality: null, address_postcode: null, address_state: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[code] = row.id;
  }
  return ids;
}

/** The id of the demo merchant whose name is like `pattern` (e.g. 'Acme%'). */
export async function findMerchantId(db: Kysely<Database>, pattern: string): Promise<number> {
  return (await db.selectFrom('merchants').select('id').where('name', 'like', pattern).executeTakeFirstOrThrow()).id;
}

/** The workbook of an XLSX answer (a template or an export). */
export async function readWorkbook(payload: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook;
}

/** How many rows a table holds; `import_uploads` keeps the files between the wizard's steps. */
export async function countAll(db: Kysely<Database>, table: 'shipments' | 'packages' | 'events' | 'batch_items' | 'import_uploads'): Promise<number> {
  const withUploads = db as unknown as Kysely<Database & { import_uploads: ImportUploadTable }>;
  return Number((await withUploads.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
}

export async function countRows(db: Kysely<Database>): Promise<{ shipments: number; packages: number; events: number }> {
  return { shipments: await countAll(db, 'shipments'), packages: await countAll(db, 'packages'), events: await countAll(db, 'events') };
}
