/**
 * Batches (feature batches): defaults of SPEC section 9 with/without the merchant's batches feature,
 * DESIGN.md bounds (core schema), channels limited to email and SMS. Editable until completed, deletable in draft.
 */
import { DomainError } from '../../../core/errors.js';
import { batchRefusal } from '../../../core/policies/batches.policy.js';
import { FEATURES, hasBit } from '../../../core/features.js';
import { batchDefaults, collectProblems } from '../../../core/schemas/index.js';
import { BATCH_MESSAGE_FIELDS, readBatchTranslations, TRANSLATED_LOCALES } from '../../../core/campaigns/index.js';
import { BATCH_STATUS } from '../../../core/statuses.js';
import type { RequestActor } from '../../http/context.js';
import { recordEvent } from '../../events/events.repository.js';
import type { Db, ServiceContext } from '../access.js';
import { verdictsFor, type Row } from '../module.js';
import { merchantFeatures, owningMerchant } from '../owner.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { fieldError, pick, schemas, toFlag, validateOrThrow } from '../validate.js';
import { checkContents } from '../content-types.js';
import { findLocation } from '../locations/locations.repository.js';
import { BATCH_FIELDS, batchesWithResponded } from './batches.repository.js';

/**
 * Editable until completed, deletable in draft; "convert responded" (the verb rule registered by
 * api/campaigns checks role and feature) only with at least one responded customer, as the endpoint refuses.
 */
export async function batchVerdicts(rows: Row[], actor: RequestActor, db: Db) {
  const responded = await batchesWithResponded(db, rows.map((r) => r.id as number));
  return verdictsFor(rows, actor, 'batches', (row) => ({
    edit: batchRefusal('edit', row as { status: number }),
    delete: batchRefusal('delete', row as { status: number }),
    'convert-responded': responded.has(row.id) ? null : 'batch_item.not_responded',
  }));
}

async function checkValues(ctx: ServiceContext, values: Row, merchantId: number, features: number, schema: typeof schemas.batches.create) {
  validateOrThrow(schema, values);
  checkTranslations(values.message_translations);
  // A campaign of a merchant with the batches feature must reach its customers: at least one channel (SPEC gt0).
  // Without the feature a batch has no channels (SPEC section 9) and sends nothing.
  if (hasBit(features, FEATURES.batches) && !(Number(values.channels) > 0)) fieldError('channels', 'validation.gt0');
  if (values.pickup_location_id != null) {
    const loc = await findLocation(ctx.db, Number(values.pickup_location_id));
    if (!loc || loc.active !== 1 || (loc.merchant_id != null && loc.merchant_id !== merchantId)) fieldError('pickup_location_id', 'validation.exists');
  }
}

const stored = (values: Row): Row => ({
  ...values,
  custom_final_reminder: toFlag(values.custom_final_reminder),
  message_translations: JSON.stringify(readBatchTranslations(values.message_translations)),
});

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `{ es: { notification_message, … } }`: known languages (not the default) and fields, texts bounded like the English ones. */
function checkTranslations(value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) fieldError('message_translations', 'validation.in');
  for (const [locale, texts] of Object.entries(value)) {
    if (!(TRANSLATED_LOCALES as readonly string[]).includes(locale) || (texts !== null && !isObject(texts))) fieldError(`message_translations.${locale}`, 'validation.in');
    for (const [field, text] of Object.entries(texts ?? {})) {
      if (!(BATCH_MESSAGE_FIELDS as readonly string[]).includes(field)) fieldError(`message_translations.${locale}.${field}`, 'validation.in');
      const problem = collectProblems(schemas.batches.update, { [field]: text }, { partial: true })[field];
      if (problem) fieldError(`message_translations.${locale}.${field}`, problem.key, 'validation.failed', problem.params);
    }
  }
}

/** Stored row -> API shape: the translations parsed. */
export function presentBatch(row: Row): Row {
  return 'message_translations' in row ? { ...row, message_translations: readBatchTranslations(row.message_translations) } : row;
}

export async function createBatch(ctx: ServiceContext, body: Row) {
  const merchantId = (await owningMerchant(ctx, body)) as number;
  const features = await merchantFeatures(ctx, merchantId);
  const values: Row = { ...batchDefaults(features), ...pick(body, BATCH_FIELDS) };
  await checkValues(ctx, values, merchantId, features, schemas.batches.create);
  await checkContents(ctx.db, values, merchantId);
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('batches')
      .values({ ...stored(values), merchant_id: merchantId, features, status: BATCH_STATUS.draft, created_by: ctx.actor.id, created_at: ctx.now, updated_at: ctx.now } as any)
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, { subject_type: 'batch', subject_id: id, kind: 'created', to_status: 0, actor_id: ctx.actor.id, created_at: ctx.now });
    return { id };
  });
}

export async function updateBatch(ctx: ServiceContext, row: Row, body: Row) {
  // The stored row as the API shows it (translations parsed), then what the body changes.
  const values: Row = { ...Object.fromEntries(BATCH_FIELDS.map((f) => [f, presentBatch(row)[f]])), ...pick(body, BATCH_FIELDS) };
  await checkValues(ctx, values, row.merchant_id, Number(row.features), schemas.batches.update);
  if (body.contents !== undefined && values.contents !== row.contents) await checkContents(ctx.db, values, row.merchant_id);
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx.updateTable('batches').set({ ...stored(values), updated_at: ctx.now } as any).where('id', '=', row.id).where('updated_at', '=', row.updated_at).executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await recordEvent(trx, { subject_type: 'batch', subject_id: row.id, kind: 'updated', from_status: row.status, to_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function deleteBatch(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'batches', row.id, ctx.actor);
    await trx.deleteFrom('batch_items').where('batch_id', '=', row.id).execute();
    await trx.deleteFrom('batches').where('id', '=', row.id).execute();
    await recordEvent(trx, { subject_type: 'batch', subject_id: row.id, kind: 'deleted', from_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function batchIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'merchant_id', 'merchants', 'merchant_name');
  await attachNames(ctx.db, [r], 'pickup_location_id', 'locations', 'pickup_location_name');
  return { merchant_name: r.merchant_name, pickup_location_name: r.pickup_location_name };
}
