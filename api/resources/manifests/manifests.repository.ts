/** Manifests (feature manifests): merchant tenant; warehouse staff see every manifest (incoming freight). */
import { seesEveryManifest } from '../../../core/policies/manifests.policy.js';
import type { ListSpec } from '../list-query.js';
import type { Row } from '../module.js';
import { attachNames } from '../related.js';
import { byMerchant, nothing } from '../tenancy.js';
import { LIST_SORTS } from '../../../core/lists.js';

export const manifestsList: ListSpec<Row> = {
  resource: 'manifests',
  table: 'manifests',
  columns: ['merchant_id', 'name', 'status', 'mode', 'delivery_attempted', 'shipment_count', 'package_count', 'created_at', 'updated_at'],
  light: { columns: ['name'], name: (r) => r.name },
  searchContains: ['name'],
  sorts: LIST_SORTS.manifests,
  defaultSort: 'id',
  filters: { status: 'int', mode: 'text', merchant_id: 'int', delivery_attempted: 'bool' },
  restrict: byMerchant('manifests', (qb, actor) => (seesEveryManifest(actor) ? qb : nothing(qb))),
  decorate: (rows, db) => attachNames(db, rows, 'merchant_id', 'merchants', 'merchant_name'),
};
