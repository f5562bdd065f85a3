/**
 * The import wizard's steps over a stored upload, for any import kind (api/import/import-kinds.ts). Every
 * step re-checks the file against the database as it is now (a reference taken since the upload is caught
 * before the save). Only invalid rows are kept in memory; a preview page of all rows captures just the
 * cells of that page while the file streams.
 */
import { translateRowErrors, type ImportRowError } from '../../core/import/rows.js';
import { rowValues } from '../../core/import/headers.js';
import type { Translate } from '../../core/validation.js';
import type { ServiceContext } from '../resources/access.js';
import { notFound } from '../resources/access.js';
import { assertSavable, type CheckedImport, type CheckOptions, type ImportKindService, type ImportTarget } from './import-kinds.js';
import { claimUpload, findUpload, purgeExpiredUploads, saveUpload as storeUpload, type ImportUpload } from './uploads.repository.js';

/** At most this many row errors in the upload answer; the preview pages through all of them. */
export const UPLOAD_ERROR_LIMIT = 1000;

const publicError = (e: ImportRowError & { message: string }) => ({ row: e.row, column: e.column, code: e.code, message: e.message });

const headerReport = (checked: CheckedImport) => ({ unknown: checked.header.unknown, duplicates: checked.header.duplicates, missing: checked.header.missing });

export async function uploadFile(ctx: ServiceContext, spec: ImportKindService, target: ImportTarget, file: { buffer: Buffer; name: string }, t: Translate) {
  await purgeExpiredUploads(ctx.db, ctx.now);
  // Read and check first: a refused file (too large, zip bomb, empty...) is never stored.
  const checked = await spec.check(ctx, { buffer: file.buffer, name: file.name }, target);
  const id = await storeUpload(ctx.db, {
    kind: spec.kind,
    user_id: ctx.actor.id,
    merchant_id: target.merchantId,
    batch_id: target.batchId,
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
    // rows, valid, invalid, then the kind's own counts (shipments and packages, or items)
    ...checked.counts,
    header: headerReport(checked),
    errors: translateRowErrors(errors.slice(0, UPLOAD_ERROR_LIMIT), t).map(publicError),
    errors_total: errors.length,
  };
}

/**
 * The caller's own, unexpired upload of this kind, and the target it was checked for. Another user's id,
 * another kind's, or (when the URL names a target) one uploaded for another batch answers 404.
 */
async function ownUpload(ctx: ServiceContext, spec: ImportKindService, id: string, target: ImportTarget | null): Promise<{ upload: ImportUpload; target: ImportTarget }> {
  const upload = await findUpload(ctx.db, id, spec.kind, ctx.actor.id, ctx.now);
  if (!upload || (target && (upload.batch_id ?? null) !== target.batchId)) return notFound();
  return { upload, target: target ?? { merchantId: upload.merchant_id, batchId: upload.batch_id ?? null } };
}

const checkUpload = (ctx: ServiceContext, spec: ImportKindService, upload: ImportUpload, target: ImportTarget, onRow?: CheckOptions['onRow']) =>
  spec.check(ctx, { buffer: upload.content, name: upload.file_name }, target, { onRow });

export interface PreviewOptions {
  page: number;
  perPage: number;
  invalidOnly: boolean;
}

/** `target`: the one the URL names (a batch), re-checked by the caller; null to use the upload's own (shipments). */
export async function previewUpload(ctx: ServiceContext, spec: ImportKindService, target: ImportTarget | null, id: string, options: PreviewOptions, t: Translate) {
  const own = await ownUpload(ctx, spec, id, target);
  const { upload } = own;
  const { page, perPage, invalidOnly } = options;
  const first = (page - 1) * perPage;
  // Data rows are numbered from 0 in reading order (index 0 is the header row).
  const window = new Map<number, string[]>();
  const checked = await checkUpload(ctx, spec, upload, own.target, (row, index) => {
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
      ...(upload.batch_id != null ? { batch_id: upload.batch_id } : {}),
      counts: checked.counts,
      header: headerReport(checked),
      rows: rows.map((r) => ({ row: r.row, values: r.values, valid: r.errors.length === 0, errors: translateRowErrors(r.errors, t).map(publicError) })),
    },
    meta: { page, perPage, total, from: total ? Math.min(first + 1, total) : 0, to: Math.min(first + perPage, total) },
  };
}

export async function saveUpload(ctx: ServiceContext, spec: ImportKindService, target: ImportTarget | null, id: string, onlyValid: boolean) {
  const own = await ownUpload(ctx, spec, id, target);
  const checked = await checkUpload(ctx, spec, own.upload, own.target);
  assertSavable(checked.counts, spec.creates(checked), onlyValid);
  // The upload is spent inside the save's transaction: a second save of it at once stores nothing (404).
  const created = await spec.store(ctx, own.target, checked, (trx) => claimUpload(trx, own.upload.id));
  return { created, counts: checked.counts };
}
