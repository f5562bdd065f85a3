/**
 * Converting a responded batch item into a shipment (SPEC section 3): the batch's package counts per
 * size, type, contents and pickup location; the customer's chosen drop-off; the recipient fields and
 * language one to one (DESIGN.md section 3). Stored through the shipments service (references, barcodes,
 * created events), linked both ways (shipments.batch_id, batch_items.shipment_id), item -> 100, all in
 * one transaction with a compare-and-set on the item so a double click converts once.
 */
import { lockerPhoneRefusal, oversizedRefusal } from '../../core/policies/packages.policy.js';
import { DomainError } from '../../core/errors.js';
import { batchItemRefusal, CONVERTED_ITEM_STATUS, CONVERTIBLE_ITEM_STATUSES } from '../../core/policies/batch_items.policy.js';
import type { Batch, BatchItem } from '../db/tables.js';
import { recordEvent } from '../events/events.repository.js';
import type { ServiceContext } from '../resources/access.js';
import { assignImportBarcodes, insertShipments, newShipmentValues } from '../resources/shipments/shipments.service.js';
import { nextStamp } from '../resources/shared/op-context.js';
import { ItemRace } from './steps.js';

export const SIZE_COLUMNS = [
  ['SMALL', 'packages_small'],
  ['MEDIUM', 'packages_medium'],
  ['LARGE', 'packages_large'],
  ['OVERSIZED', 'packages_oversized'],
] as const;

/** Why an item cannot be converted, or null. */
export const conversionRefusal = (item: Pick<BatchItem, 'status' | 'shipment_id'>) => batchItemRefusal('convert', item);

export async function convertItem(ctx: ServiceContext, item: BatchItem, batch: Batch): Promise<number> {
  const refusal = conversionRefusal(item);
  if (refusal) throw new DomainError(refusal);
  const sizes = SIZE_COLUMNS.flatMap(([size, column]) => Array.from({ length: Math.max(0, Number(batch[column]) || 0) }, () => size));
  if (!sizes.length) throw new DomainError('shipment.no_packages');
  const dropoff = item.pickup_location_id == null ? undefined : await ctx.db.selectFrom('locations').selectAll().where('id', '=', item.pickup_location_id).executeTakeFirst();
  if (!dropoff || dropoff.active !== 1 || dropoff.type !== 'dropoff') throw new DomainError('provider.dropoff_not_found');
  const oversized = oversizedRefusal(sizes, dropoff);
  if (oversized) throw new DomainError(oversized);
  const noPhone = lockerPhoneRefusal(item.full_phone_number ?? item.phone, dropoff);
  if (noPhone) throw new DomainError(noPhone);

  const values = newShipmentValues({
    first_name: item.first_name,
    last_name: item.last_name,
    email: item.email,
    phone: item.full_phone_number ?? item.phone,
    country: item.country,
    locale: item.locale,
    type: batch.type,
    contents: batch.contents,
    dropoff_location_id: dropoff.id,
    pickup_location_id: batch.pickup_location_id,
  });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const items = await assignImportBarcodes(trx, sizes.map((size) => ({ size })));
      const [shipmentId] = await insertShipments(ctx, trx, [{ merchantId: item.merchant_id, values, items }]);
      await trx.updateTable('shipments').set({ batch_id: batch.id }).where('id', '=', shipmentId!).execute();
      const res = await trx
        .updateTable('batch_items')
        .set({ status: CONVERTED_ITEM_STATUS, shipment_id: shipmentId!, next_notification_at: null, updated_at: nextStamp(new Date(ctx.now), item.updated_at) })
        .where('id', '=', item.id)
        .where('status', 'in', CONVERTIBLE_ITEM_STATUSES)
        .where('shipment_id', 'is', null)
        .where('updated_at', '=', item.updated_at)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) throw new ItemRace();
      await recordEvent(trx, { subject_type: 'batch_item', subject_id: item.id, kind: 'status', from_status: item.status, to_status: CONVERTED_ITEM_STATUS, actor_id: ctx.actor.id, created_at: ctx.now, data: { shipment_id: shipmentId } });
      return shipmentId!;
    });
  } catch (error) {
    if (!(error instanceof ItemRace)) throw error;
    const fresh = await ctx.db.selectFrom('batch_items').select(['status', 'shipment_id']).where('id', '=', item.id).executeTakeFirst();
    throw new DomainError((fresh && conversionRefusal(fresh)) ?? 'conflict.stale');
  }
}
