/**
 * What each resource list may be sorted by (docs/resources.md, "Sorts and indexes"). The two large lists
 * (shipments, packages: hundreds of thousands to millions of rows) accept only sorts an index serves, for
 * every tenant restriction (`(x, id)` and `(merchant_id, x, id)`, migrations 001 and 014); any other sort is
 * refused with `list.sort_unsupported` rather than sorting the table per request. The other lists are small.
 */
import type { ResourceName } from './permissions.js';

export const LIST_SORTS: Record<ResourceName, readonly string[]> = {
  shipments: ['id', 'reference_id', 'external_reference_id', 'status', 'created_at', 'updated_at', 'last_name'],
  packages: ['id', 'barcode', 'status', 'updated_at', 'expires_at'],
  batches: ['id', 'name', 'status', 'type', 'item_count', 'created_at', 'updated_at'],
  batch_items: ['id', 'first_name', 'last_name', 'status', 'email', 'created_at', 'updated_at', 'next_notification_at'],
  manifests: ['id', 'name', 'status', 'mode', 'shipment_count', 'package_count', 'created_at', 'updated_at'],
  locations: ['id', 'name', 'code', 'type', 'class', 'active', 'approved', 'package_count', 'created_at', 'updated_at'],
  location_groups: ['id', 'name', 'created_at', 'updated_at'],
  merchants: ['id', 'name', 'active', 'user_count', 'created_at', 'updated_at'],
  users: ['id', 'first_name', 'last_name', 'email', 'role', 'active', 'created_at', 'updated_at'],
};

/** Whether a list of `resource` may be sorted by `field` (a column name without the `-` of descending). */
export const canSortBy = (resource: ResourceName, field: string): boolean => LIST_SORTS[resource].includes(field);
