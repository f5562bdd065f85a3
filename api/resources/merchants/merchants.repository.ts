/** Merchants: list spec (superadmin only, so no tenant restriction). */
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
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
