/**
 * Fetch from merchant: a scanned barcode that matches no package is looked up at the merchant's fetch
 * service; when known, the shipment and its package are created on the spot, registered and waiting
 * for the driver's pickup (status 30), with their event rows, in one transaction.
 */
import { oversizedRefusal } from '../../../core/policies/packages.policy.js';
import { DomainError } from '../../../core/errors.js';
import { FEATURES, hasBit } from '../../../core/features.js';
import { generateReference, normalizeCode } from '../../../core/identifiers.js';
import { isMerchantRole } from '../../../core/roles.js';
import { toE164 } from '../../../core/phone.js';
import { PACKAGE_STATUS as P, SHIPMENT_STATUS as S } from '../../../core/statuses.js';
import type { Package } from '../../db/tables.js';
import { recordEvents } from '../../events/events.repository.js';
import { fetchService, type FetchedShipment } from '../../providers/fetch/index.js';
import { fieldError } from '../validate.js';
import { actorId, type OpContext } from '../shared/op-context.js';

async function merchantsToAsk(ctx: OpContext, merchantId: number | null) {
  let qb = ctx.db.selectFrom('merchants').select(['id', 'fetch_service', 'features']).where('active', '=', 1).where('fetch_service', 'is not', null);
  if (ctx.actor && isMerchantRole(ctx.actor.role)) qb = qb.where('id', '=', ctx.actor.merchant_id ?? -1);
  else if (merchantId != null) qb = qb.where('id', '=', merchantId);
  return (await qb.orderBy('id').execute()).filter((m) => hasBit(m.features, FEATURES.fetching));
}

export async function fetchFromMerchant(ctx: OpContext, rawBarcode: unknown, merchantId: number | null): Promise<Package> {
  if (typeof rawBarcode !== 'string' || !rawBarcode.trim()) fieldError('barcode', 'validation.required');
  const barcode = normalizeCode(rawBarcode);
  if (await ctx.db.selectFrom('packages').select('id').where('barcode', '=', barcode).executeTakeFirst()) fieldError('barcode', 'validation.unique');
  const merchants = await merchantsToAsk(ctx, merchantId);
  if (!merchants.length) throw new DomainError('feature_disabled');
  let found: { merchantId: number; data: FetchedShipment } | null = null;
  for (const m of merchants) {
    const data = await fetchService().lookup(m.fetch_service!, barcode);
    if (data) {
      found = { merchantId: m.id, data };
      break;
    }
  }
  // Say that the merchants were asked: a second "could not find" would read as if nothing happened.
  if (!found) throw new DomainError('package.unknown_to_merchants', undefined, { params: { barcode } });
  const { data } = found;
  const dropoff = await ctx.db.selectFrom('locations').selectAll().where('code', '=', data.dropoff_location_code).where('type', '=', 'dropoff').where('active', '=', 1).executeTakeFirst();
  if (!dropoff) throw new DomainError('provider.dropoff_not_found');
  const oversized = oversizedRefusal([data.size], dropoff);
  if (oversized) throw new DomainError(oversized);

  const now = ctx.now.toISOString();
  const who = actorId(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    let reference = generateReference();
    while (await trx.selectFrom('shipments').select('id').where('reference_id', '=', reference).executeTakeFirst()) reference = generateReference();
    const shipment = await trx
      .insertInto('shipments')
      .values({
        reference_id: reference, external_reference_id: data.external_reference_id, merchant_id: found.merchantId, created_by: who,
        first_name: data.first_name, last_name: data.last_name, email: data.email, phone: toE164(data.phone, data.country), country: data.country,
        dropoff_location_id: dropoff.id, status: S.awaiting_pickup, package_count: 1, pickup_requested_at: now, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pkg = await trx
      .insertInto('packages')
      .values({ barcode, size: data.size, description: data.description, shipment_id: shipment.id, merchant_id: found.merchantId, dropoff_location_id: dropoff.id, status: P.awaiting_pickup, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const data_ = { action: 'fetch', source: 'fetch_service' };
    await recordEvents(trx, [
      { subject_type: 'shipment', subject_id: shipment.id, kind: 'created', to_status: S.awaiting_pickup, actor_id: who, created_at: now, data: data_ },
      { subject_type: 'package', subject_id: pkg.id, kind: 'created', to_status: P.awaiting_pickup, actor_id: who, created_at: now, data: data_ },
    ]);
    return pkg;
  });
}
