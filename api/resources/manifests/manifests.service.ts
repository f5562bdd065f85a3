/** Manifests: name and mode; status 0 on create; editable until fulfilled, deletable only in draft. */
import { DomainError } from '../../../core/errors.js';
import { manifestRefusal } from '../../../core/policies/manifests.policy.js';
import { MANIFEST_STATUS } from '../../../core/statuses.js';
import type { RequestActor } from '../../http/context.js';
import { listEvents, recordEvent } from '../../events/events.repository.js';
import type { ServiceContext } from '../access.js';
import { verdictsFor, type Row } from '../module.js';
import { owningMerchant } from '../owner.js';
import { attachNames, refuseIfInUse } from '../related.js';
import { pick, schemas, toFlag, validateOrThrow } from '../validate.js';

const FIELDS = ['name', 'mode', 'delivery_attempted'] as const;

export async function manifestVerdicts(rows: Row[], actor: RequestActor) {
  return verdictsFor(rows, actor, 'manifests', (row) => ({
    edit: manifestRefusal('edit', row as { status: number }),
    delete: manifestRefusal('delete', row as { status: number }),
  }));
}

export async function createManifest(ctx: ServiceContext, body: Row) {
  const merchantId = await owningMerchant(ctx, body, true);
  const values: Row = { delivery_attempted: 0, ...pick(body, FIELDS) };
  validateOrThrow(schemas.manifests.create, values);
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('manifests')
      .values({ name: values.name, mode: values.mode, delivery_attempted: toFlag(values.delivery_attempted), merchant_id: merchantId, status: MANIFEST_STATUS.draft, created_at: ctx.now, updated_at: ctx.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, { subject_type: 'manifest', subject_id: id, kind: 'created', to_status: 0, actor_id: ctx.actor.id, created_at: ctx.now });
    return { id };
  });
}

export async function updateManifest(ctx: ServiceContext, row: Row, body: Row) {
  const values: Row = { ...Object.fromEntries(FIELDS.map((f) => [f, row[f]])), ...pick(body, FIELDS) };
  validateOrThrow(schemas.manifests.update, values);
  await ctx.db.transaction().execute(async (trx) => {
    const n = await trx
      .updateTable('manifests')
      .set({ name: values.name, mode: values.mode, delivery_attempted: toFlag(values.delivery_attempted), updated_at: ctx.now })
      .where('id', '=', row.id)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(n.numUpdatedRows) !== 1) throw new DomainError('conflict.stale');
    await recordEvent(trx, { subject_type: 'manifest', subject_id: row.id, kind: 'updated', from_status: row.status, to_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function deleteManifest(ctx: ServiceContext, row: Row) {
  await ctx.db.transaction().execute(async (trx) => {
    await refuseIfInUse(trx, 'manifests', row.id, ctx.actor);
    await trx.deleteFrom('manifests').where('id', '=', row.id).execute();
    await recordEvent(trx, { subject_type: 'manifest', subject_id: row.id, kind: 'deleted', from_status: row.status, actor_id: ctx.actor.id, created_at: ctx.now });
  });
}

export async function manifestIncludes(ctx: ServiceContext, row: Row): Promise<Row> {
  const r: Row = { ...row };
  await attachNames(ctx.db, [r], 'merchant_id', 'merchants', 'merchant_name');
  const packages = await ctx.db.selectFrom('packages').select(['id', 'barcode', 'status', 'size', 'shipment_id']).where('manifest_id', '=', row.id).orderBy('id').limit(500).execute();
  return { merchant_name: r.merchant_name, packages, events: await listEvents(ctx.db, 'manifest', [row.id]) };
}
