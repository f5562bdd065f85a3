/**
 * Batch customers (batch items) from a file, for the import wizard (/api/batches/:id/items/import) and
 * `lockerline import batch-items`: the core batch-item importer's checks, then every valid row stored in
 * ONE transaction (multi-row inserts, 'created' events, the batch's item count), as the batch item service
 * stores a single item.
 */
import { DomainError } from '../../core/errors.js';
import { batchRefusal } from '../../core/policies/batches.policy.js';
import { importBatchItemRows, type BatchItemImportResult } from '../../core/import/batch-items.js';
import { batchItemDefaults } from '../../core/schemas/index.js';
import { BATCH_ITEM_STATUS } from '../../core/statuses.js';
import { toE164 } from '../../core/phone.js';
import { recordEvents } from '../events/events.repository.js';
import type { ServiceContext } from '../resources/access.js';
import { batchesModule } from '../resources/batches/batches.module.js';
import { refreshItemCount } from '../resources/batch_items/batch_items.repository.js';
import { loadVisible } from '../resources/records.js';
import type { ImportFormat } from './detect.js';
import type { CheckOptions, ImportKindService, ImportTarget, StoreClaim } from './import-kinds.js';
import { openImportFile, type ImportSource } from './read-import-file.js';

const CHUNK = 500;

export interface ImportBatch {
  id: number;
  merchant_id: number;
}

export interface CheckedBatchItemFile extends BatchItemImportResult {
  format: ImportFormat;
}

/**
 * The batch customers are imported into, as creating one item finds it: one the actor may see (else 404
 * `not_found`, so another merchant's batch looks like no batch) and, unless `open` is false, not completed
 * (`record.locked`).
 */
export async function importBatch(ctx: ServiceContext, batchId: number, { open = true } = {}): Promise<ImportBatch> {
  const [batch] = Number.isSafeInteger(batchId) ? await loadVisible(ctx.db, batchesModule, ctx.actor, [batchId]) : [];
  if (!batch) throw new DomainError('not_found');
  const locked = open ? batchRefusal('add-items', batch as { status: number }) : null;
  if (locked) throw new DomainError(locked);
  return { id: batch.id as number, merchant_id: batch.merchant_id as number };
}

/** Reads and checks a file (nothing is written). Empty country / language cells default to the importing user's (BS / en for the CLI). */
export async function checkBatchItemFile(ctx: ServiceContext, source: ImportSource, options: CheckOptions = {}): Promise<CheckedBatchItemFile> {
  const { format, rows } = await openImportFile(source, options);
  const defaults = batchItemDefaults(ctx.actor.user.country, ctx.actor.user.locale);
  const result = await importBatchItemRows(rows, { keepRows: options.keepRows ?? 'invalid', defaultCountry: defaults.country, defaultLocale: defaults.locale, now: new Date(ctx.now) });
  return { ...result, format };
}

export async function storeBatchItems(ctx: ServiceContext, batch: ImportBatch, items: BatchItemImportResult['items'], claim?: StoreClaim): Promise<number[]> {
  if (!items.length) return [];
  return ctx.db.transaction().execute(async (trx) => {
    await claim?.(trx);
    const ids: number[] = [];
    for (let start = 0; start < items.length; start += CHUNK) {
      const values = items.slice(start, start + CHUNK).map(({ body }) => {
        const phone = toE164(body.phone, body.country);
        return {
          batch_id: batch.id,
          merchant_id: batch.merchant_id,
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email ? body.email.toLowerCase() : null,
          phone,
          full_phone_number: phone,
          country: body.country,
          locale: body.locale,
          offset_date: body.offset_date ? `${body.offset_date}T00:00:00.000Z` : null,
          status: BATCH_ITEM_STATUS.draft,
          created_at: ctx.now,
          updated_at: ctx.now,
        };
      });
      const inserted = await trx.insertInto('batch_items').values(values).returning('id').execute();
      ids.push(...inserted.map((r) => r.id));
      await recordEvents(
        trx,
        inserted.map((r) => ({ subject_type: 'batch_item' as const, subject_id: r.id, kind: 'created', to_status: 0, actor_id: ctx.actor.id || null, created_at: ctx.now })),
      );
    }
    await refreshItemCount(trx, batch.id, ctx.now);
    return ids;
  });
}

const batchOf = (target: ImportTarget): ImportBatch => ({ id: target.batchId!, merchant_id: target.merchantId });

/** The wizard's view of batch-customer imports (api/import/import-kinds.ts): the customers of one batch. */
export const batchItemImports: ImportKindService<CheckedBatchItemFile> = {
  kind: 'batch_items',
  check: (ctx, source, _target, options) => checkBatchItemFile(ctx, source, options),
  creates: (checked) => checked.counts.items,
  store: (ctx, target, checked, claim) => storeBatchItems(ctx, batchOf(target), checked.items, claim),
};
