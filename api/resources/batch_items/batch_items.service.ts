/**
 * Batch items: created in a visible batch that is not completed; country and locale default to the acting
 * user's, else BS and en; phone is stored E.164 (core/phone.ts) and full_phone_number repeats it; the batch's item_count is kept.
 * Editable and deletable until the customer responded or the shipment was created.
 */
import { BATCH_GATED_VERBS, batchStatusRefusal } from '../../../core/campaigns/index.js';
import { DomainError } from '../../../core/errors.js';
import { batchItemRefusal, type BatchItemState } from '../../../core/policies/batch_items.policy.js';
import { batchRefusal } from '../../../core/policies/batches.policy.js';
import { batchItemDefaults } from '../../../core/schemas/index.js';
import { BATCH_ITEM_STATUS, BATCH_STATUS } from '../../../core/statuses.js';
import { normalizeCountry } from '../../../core/validation.js';
import { toE164 } from '../../../core/phone.js';
import type { RequestActor } from '../../http/context.js';
import { listEvents, recordEvent } from '../../events/events.repository.js';
import type { Db, ServiceContext } from '../access.js';
import { loadVisible } from '../records.js';
import { verdictsFor, type Row } from '../module.js';
import { attachNames } from '../related.js';
import { omit } from '../../../core/schemas/index.js';
import { fieldError, pick, schemas, validateOrThrow } from '../validate.js';
import { findLocation } from '../locations/locations.repository.js';
import { checkCustomerDropoff } from '../packages/package-items.js';
import { batchesModule } from '../batches/batches.module.js';
import { BATCH_ITEM_FIELDS, refreshItemCount } from './batch_items.repository.js';

/**
 * Edit/delete until answered or converted; plus the batch status gate of notify and restart (the verb rules
 * registered by api/campaigns see only the item row; a refusal given here stands when they allow).
 */
export async function batchItemVerdicts(rows: Row[], actor: RequestActor, db: Db) {
  const batchIds = [...new Set(rows.map((r) => r.batch_id as number))];
  const batches = batchIds.length ? await db.selectFrom('batches').select(['id', 'status']).where('id', 'in', batchIds).execute() : [];
  const batchStatus = new Map(batches.map((b) => [b.id, b.status]));
  return verdictsFor(rows, actor, 'batch_items', (row) => {
    const item = row as unknown as BatchItemState;
    const status = batchStatus.get(row.batch_id) ?? BATCH_STATUS.completed;
    return { edit: batchItemRefusal('edit', item), delete: batchItemRefusal('delete', item), ...Object.fromEntries(BATCH_GATED_VERBS.map((verb) => [verb, batchStatusRefusal(verb, status)])) };
  });
}

/** `locale` left empty is the default: the creating user's language on create, the stored one on update. */
async function prepare(ctx: ServiceContext, values: Row, merchantId: number, schema: typeof schemas.batch_items.create, defaultLocale: string) {
  values.country = normalizeCountry(values.country);
  values.locale ??= defaultLocale;
  if (values.phone !== undefined) values.phone = toE164(values.phone, values.country); // stored E.164 (core/phone.ts)
  if (typeof values.email === 'string') values.email = values.email.toLowerCase();
  validateOrThrow(schema, values, { now: new Date(ctx.now) });
  if (values.pickup_location_id != null) {
    const loc = await findLocation(ctx.db, Number(values.pickup_location_id));
    if (!loc || loc.active !== 1 || (loc.merchant_id != null && loc.merchant_id !== merchantId)) fieldError('pickup_location_id', 'validation.exists');
    // The item's pickup_location_id is where the customer drops the parcel off (the respond page sets it).
    checkCustomerDropoff('pickup_location_id', loc);
  }
  return { ...Object.fromEntries(BATCH_ITEM_FIELDS.map((f) => [f, values[f] ?? null])), full_phone_number: values.phone ?? null };
}

export async function createBatchItem(ctx: ServiceContext, body: Row) {
  const defaults = batchItemDefaults(ctx.actor.user.country, ctx.actor.user.locale);
  const values: Row = { ...defaults, batch_id: body.batch_id, ...pick(body, BATCH_ITEM_FIELDS) };
  const [batch] = Number.isInteger(Number(body.batch_id)) ? await loadVisible(ctx.db, batchesModule, ctx.actor, [Number(body.batch_id)]) : [];
  if (body.batch_id != null && body.batch_id !== '' && !batch) fieldError('batch_id', 'validation.exists');
  const row = await prepare(ctx, values, batch?.merchant_id, schemas.batch_items.create, defaults.locale);
  const locked = batchRefusal('add-items', batch as { status: number });
  if (locked) throw new DomainError(locked);
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('batch_items')
      .values({ ...row, batch_id: batch.id, merchant_id: batch.merchant_id, status: BATCH_ITEM_STATUS.draft, created_at: ctx.now, updated_at: ctx.now } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshItemCount(trx, batch.id, ctx.now);
    await recordEvent(trx, { subject_type: 'batch_item', subject_id: id, kind: 'created', to_status: 0, actor_id: ctx.actor.id, created_at: ctx.now });
    return { id };
  });
}

export async function updateBatchItem(ctx: ServiceContext, row: Row, body: Row) {
  const values: Row = { ...Object.fromEntries(BATCH_ITEM_FIELDS.map((f) => [f, row[f]])), ...pick(body, BATCH_ITEM_FIELDS) };
  // A stored expiry date that is not being changed may have passed since: only a new one is held to the window.
  const schema = values.offset_date === row.offset_date ? omit(schemas.batch_items.update, 'offset_date') : schemas.batch_items.update;
  const update = await prepare(ctx, values, row.merchant_id, schema, row.locale);
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('batch_items').set({ ...update, updated_at: ctx.now } as any).where('id', '=', row.id).where('updated_at', '=', row.updated_at).executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await recordEvent(trx, { subject_type: 'batch_item', subject_id: row.id, kind: 'updated', from_status: row.status, to_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function deleteBatchItem(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('batch_items').where('id', '=', row.id).execute();
    await refreshItemCount(trx, row.batch_id, ctx.now);
    await recordEvent(trx, { subject_type: 'batch_item', subject_id: row.id, kind: 'deleted', from_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function batchItemIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'pickup_location_id', 'locations', 'pickup_location_name');
  await attachNames(ctx.db, [r], 'batch_id', 'batches', 'batch_name');
  await attachNames(ctx.db, [r], 'shipment_id', 'shipments', 'shipment_reference_id', ['reference_id'], (s) => s.reference_id);
  return { pickup_location_name: r.pickup_location_name, batch_name: r.batch_name, shipment_reference_id: r.shipment_reference_id, events: await listEvents(ctx.db, 'batch_item', [row.id]) };
}
