/**
 * The drop-off points a merchant may name in a shipment import (network drop-offs plus its own, active,
 * customer-facing: no warehouse), for the template's sample row and its explanation sheet. PUDO points
 * first: a PUDO takes every size, so the sample row imports whatever size it is given.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { TemplateDropoff } from '../../templates/import-template.js';

const CLASS_ORDER: Record<string, number> = { pudo: 0, locker: 1 };

export async function templateDropoffs(db: Kysely<Database>, merchantId: number | null): Promise<TemplateDropoff[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['code', 'name', 'class', 'address_locality as locality'])
    .where('type', '=', 'dropoff')
    .where('active', '=', 1)
    .where('class', '!=', 'warehouse')
    .where((eb) => (merchantId == null ? eb('merchant_id', 'is', null) : eb.or([eb('merchant_id', 'is', null), eb('merchant_id', '=', merchantId)])))
    .orderBy('name')
    .execute();
  return rows.sort((a, b) => (CLASS_ORDER[a.class] ?? 9) - (CLASS_ORDER[b.class] ?? 9));
}
