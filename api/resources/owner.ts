/**
 * The merchant a new record belongs to: implicit for merchant roles (a sent merchant_id is ignored),
 * chosen by superadmin/support (must exist; required unless `optional`).
 */
import { DomainError } from '../../core/errors.js';
import { isAdminRole } from '../../core/roles.js';
import type { ServiceContext } from './access.js';
import type { Row } from './module.js';
import { fieldError } from './validate.js';

export async function owningMerchant(ctx: ServiceContext, body: Row, optional = false): Promise<number | null> {
  if (!isAdminRole(ctx.actor.role)) {
    if (ctx.actor.merchant_id == null) throw new DomainError('forbidden');
    return ctx.actor.merchant_id;
  }
  const raw = body.merchant_id;
  if (raw === undefined || raw === null || raw === '') return optional ? null : fieldError('merchant_id', 'validation.required');
  const id = Number(raw);
  const merchant = Number.isInteger(id) ? await ctx.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst() : undefined;
  return merchant?.id ?? fieldError('merchant_id', 'validation.exists');
}

/** The merchant's feature bitmask (0 when none). */
export async function merchantFeatures(ctx: ServiceContext, merchantId: number | null): Promise<number> {
  if (merchantId == null) return 0;
  const m = await ctx.db.selectFrom('merchants').select('features').where('id', '=', merchantId).executeTakeFirst();
  return m?.features ?? 0;
}
