/**
 * Batch customers (batch items) from a file, for `lockerline import batch-items`: the core batch-item
 * importer's checks, then every valid row stored in ONE transaction (multi-row inserts, 'created' events,
 * the batch's item count), as the batch item service stores a single item.
 */
import { DomainError } from '../../core/errors.js';
import { importBatchItemRows, type BatchItemImportResult } from '../../core/import/batch-items.js';
import { batchItemDefaults } from '../../core/schemas/index.js';
import { BATCH_ITEM_STATUS, BATCH_STATUS } from '../../core/statuses.js';
import { recordEvents } from '../events/events.repository.js';
import type { ServiceContext } from '../resources/access.js';
import { refreshItemCount } from '../resources/batch_items/batch_items.repository.js';
import { fullPhoneNumber } from '../resources/batch_items/batch_items.service.js';
import { openImportFile, type ImportSource } from './read-import-file.js';

const CHUNK = 500;

/** Empty country / language cells default to the importing user's (BS / en for the CLI's system actor). */
export async function checkBatchItemFile(ctx: ServiceContext, source: ImportSource, batchId: number) {
  const batch = await ctx.db.selectFrom('batches').select(['id', 'merchant_id', 'status']).where('id', '=', batchId).executeTakeFirst();
  if (!batch) throw new DomainError('not_found');
  if (batch.status === BATCH_STATUS.completed) throw new DomainError('record.locked');
  const { rows } = await openImportFile(source);
  const defaults = batchItemDefaults(ctx.actor.user.country, ctx.actor.user.locale);
  const result = await importBatchItemRows(rows, { keepRows: 'invalid', defaultCountry: defaults.country, defaultLocale: defaults.locale });
  return { batch, result };
}

export async function storeBatchItems(ctx: ServiceContext, batch: { id: number; merchant_id: number }, items: BatchItemImportResult['items']): Promise<number[]> {
  if (!items.length) return [];
  return ctx.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (let start = 0; start < items.length; start += CHUNK) {
      const values = items.slice(start, start + CHUNK).map(({ body }) => ({
        batch_id: batch.id,
        merchant_id: batch.merchant_id,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email ? body.email.toLowerCase() : null,
        phone: body.phone ?? null,
        full_phone_number: fullPhoneNumber(body.phone, body.country),
        country: body.country,
        locale: body.locale,
        offset_date: body.offset_date ? `${body.offset_date}T00:00:00.000Z` : null,
        status: BATCH_ITEM_STATUS.draft,
        created_at: ctx.now,
        updated_at: ctx.now,
      }));
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
