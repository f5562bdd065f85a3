/** Merchants: list spec (superadmin only, so no tenant restriction). */
import type { Kysely } from 'kysely';
import { FEATURES, hasBit } from '../../../core/features.js';
import type { Database } from '../../db/tables.js';
import type { ListSpec } from '../list-query.js';
import { parseJson, type Row } from '../module.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const merchantsList: ListSpec<Row> = {
  resource: 'merchants',
  table: 'merchants',
  columns: ['name', 'active', 'token', 'fetch_service', 'features', 'channels', 'user_count', 'created_at', 'updated_at'],
  light: { columns: ['name'], name: (r) => r.name },
  searchContains: ['name'],
  sorts: LIST_SORTS.merchants,
  defaultSort: 'id',
  filters: { active: 'bool', fetch_service: 'text' },
  restrict: (qb) => qb,
};

/** The merchant's content types when it has the content feature, else null (any text is a shipment's contents). */
export async function merchantContentTypes(db: Kysely<Database>, merchantId: number): Promise<string[] | null> {
  const merchant = await db.selectFrom('merchants').select(['features', 'content_types']).where('id', '=', merchantId).executeTakeFirst();
  return merchant && hasBit(merchant.features, FEATURES.content) ? parseJson<string[]>(merchant.content_types, []) : null;
}
