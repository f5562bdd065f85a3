/**
 * The import wizard's steps over a stored upload. Every step re-checks the file against the database as
 * it is now (a reference taken since the upload is caught before the save). Only invalid rows are kept
 * in memory; a preview page of all rows captures just the cells of that page while the file streams.
 */
import { translateRowErrors, type ImportRowError } from '../../core/import/rows.js';
import { rowValues } from '../../core/import/headers.js';
import type { Translate } from '../../core/validation.js';
import type { ServiceContext } from '../resources/access.js';
import { notFound } from '../resources/access.js';
import { owningMerchant } from '../resources/owner.js';
import { assertSavable, checkShipmentFile, storeImportedShipments, type CheckedFile, type CheckOptions } from './shipment-import.service.js';
import { deleteUpload, findUpload, purgeExpiredUploads, saveUpload as storeUpload, type ImportUpload } from './uploads.repository.js';

/** At most this many row errors in the upload answer; the preview pages through all of them. */
export const UPLOAD_ERROR_LIMIT = 1000;

const publicError = (e: ImportRowError & { message: string }) => ({ row: e.row, column: e.column, code: e.code, message: e.message });

export async function uploadFile(ctx: ServiceContext, file: { buffer: Buffer; name: string }, merchantIdParam: unknown, t: Translate) {
  const merchantId = (await owningMerchant(ctx, { merchant_id: merchantIdParam })) as number;
  await purgeExpiredUploads(ctx.db, ctx.now);
  // Read and check first: a refused file (too large, zip bomb, empty...) is never stored.
  const checked = await checkShipmentFile(ctx, { buffer: file.buffer, name: file.name }, merchantId);
  const id = await storeUpload(ctx.db, {
    kind: 'shipments',
    user_id: ctx.actor.id,
    merchant_id: merchantId,
    file_name: file.name.slice(0, 255),
    format: checked.format,
    size: file.buffer.length,
    content: file.buffer,
    created_at: ctx.now,
  });
  const errors = checked.rows.flatMap((r) => r.errors);
  return {
    id,
    format: checked.format,
    rows: checked.counts.rows,
    valid: checked.counts.valid,
    invalid: checked.counts.invalid,
    shipments: checked.counts.shipments,
    packages: checked.counts.packages,
    header: headerReport(checked),
    errors: translateRowErrors(errors.slice(0, UPLOAD_ERROR_LIMIT), t).map(publicError),
    errors_total: errors.length,
  };
}

function headerReport(checked: CheckedFile) {
  return { unknown: checked.header.unknown, duplicates: checked.header.duplicates, missing: checked.header.missing };
}

/** The caller's own, unexpired upload; another user's (or merchant's) id answers 404. */
async function ownUpload(ctx: ServiceContext, id: string): Promise<ImportUpload> {
  const upload = await findUpload(ctx.db, id, ctx.actor.id, ctx.now);
  return upload ?? notFound();
}

const checkUpload = (ctx: ServiceContext, upload: ImportUpload, onRow?: CheckOptions['onRow']) =>
  checkShipmentFile(ctx, { buffer: upload.content, name: upload.file_name }, upload.merchant_id, { onRow });

export interface PreviewOptions {
  page: number;
  perPage: number;
  invalidOnly: boolean;
}

export async function previewUpload(ctx: ServiceContext, id: string, options: PreviewOptions, t: Translate) {
  const upload = await ownUpload(ctx, id);
  const { page, perPage, invalidOnly } = options;
  const first = (page - 1) * perPage;
  // Data rows are numbered from 0 in reading order (index 0 is the header row).
  const window = new Map<number, string[]>();
  const checked = await checkUpload(ctx, upload, (row, index) => {
    if (!invalidOnly && index > first && index <= first + perPage) window.set(row.row, row.cells);
  });
  const errorsByRow = new Map(checked.rows.map((r) => [r.row, r]));
  let rows;
  let total: number;
  if (invalidOnly) {
    total = checked.rows.length;
    rows = checked.rows.slice(first, first + perPage).map((r) => ({ row: r.row, values: r.values, errors: r.errors }));
  } else {
    total = checked.counts.rows;
    rows = [...window].map(([row, cells]) => ({ row, values: rowValues(checked.header, cells), errors: errorsByRow.get(row)?.errors ?? [] }));
  }
  return {
    data: {
      id: upload.id,
      file_name: upload.file_name,
      format: checked.format,
      merchant_id: upload.merchant_id,
      counts: checked.counts,
      header: headerReport(checked),
      rows: rows.map((r) => ({ row: r.row, values: r.values, valid: r.errors.length === 0, errors: translateRowErrors(r.errors, t).map(publicError) })),
    },
    meta: { page, perPage, total, from: total ? Math.min(first + 1, total) : 0, to: Math.min(first + perPage, total) },
  };
}

export async function saveUpload(ctx: ServiceContext, id: string, onlyValid: boolean) {
  const upload = await ownUpload(ctx, id);
  const checked = await checkUpload(ctx, upload);
  assertSavable(checked, onlyValid);
  const created = await storeImportedShipments(ctx, upload.merchant_id, checked.shipments);
  await deleteUpload(ctx.db, upload.id);
  return { created, counts: checked.counts };
}
