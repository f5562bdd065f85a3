/**
 * What keeps a record from being deleted (`record.in_use`, docs/resources.md): per resource, the tables and columns
 * that still point at it. The API counts them (of the actor's own merchant when the actor has one, never another
 * merchant's) and the refusal says what holds the record: "This item is still in use and cannot be deleted: it is
 * linked to 12 packages, 1 shipment. Change or delete those first."
 */
import type { Translate } from './validation.js';

export type InUseTable = 'users' | 'shipments' | 'packages' | 'locations' | 'batches' | 'batch_items' | 'manifests' | 'merchant_location_groups';

/** Per resource: the referencing tables and, for each, the columns naming the record (in the order they are asked). */
export const IN_USE_REFERENCES = {
  locations: { shipments: ['dropoff_location_id', 'pickup_location_id'], packages: ['location_id', 'dropoff_location_id'], batches: ['pickup_location_id'], batch_items: ['pickup_location_id'] },
  merchants: { users: ['merchant_id'], shipments: ['merchant_id'], locations: ['merchant_id'], batches: ['merchant_id'], manifests: ['merchant_id'] },
  users: { shipments: ['created_by'], batches: ['created_by'], packages: ['driver_id'] },
  manifests: { packages: ['manifest_id'], shipments: ['manifest_id'] },
  batches: { shipments: ['batch_id'] },
  location_groups: { merchant_location_groups: ['location_group_id'] },
  // A package others were consolidated into; a draft shipment a batch item was converted into.
  packages: { packages: ['consolidated_to_id'] },
  shipments: { batch_items: ['shipment_id'] },
} as const satisfies Record<string, Partial<Record<InUseTable, readonly string[]>>>;

export type InUseResource = keyof typeof IN_USE_REFERENCES;

/** Each referencing table is counted up to this many rows; a count above it is said "more than 1000 shipments". */
export const IN_USE_COUNT_CAP = 1_000;

/** The resource a referencing table's rows are named as (`resources.<name>.name`). */
const NAMED_AS: Partial<Record<InUseTable, string>> = { merchant_location_groups: 'merchants' };

/**
 * The refusal's message from the counts per referencing table (the `record.in_use` error's params), in the order
 * given ('... it is linked to 12 packages, 1 shipment. ...'). Null without a count (another merchant's records only): the plain message then.
 */
export function inUseMessage(t: Translate, counts: Readonly<Record<string, string | number>>): string | null {
  const uses = Object.entries(counts)
    .filter(([, n]) => Number(n) > 0)
    .map(([table, n]) => {
      const over = Number(n) > IN_USE_COUNT_CAP;
      const name = t(`resources.${NAMED_AS[table as InUseTable] ?? table}.name`, { smart_count: over ? IN_USE_COUNT_CAP : Number(n) });
      const count = over ? t('in_use.more_than', { count: IN_USE_COUNT_CAP }) : String(n);
      return `${count} ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
    });
  // After the plain message, as the admin's error dialog shows a server message that starts with it.
  return uses.length ? `${t('errors.record.in_use').replace(/[.\s]+$/, '')}: ${t('in_use.linked', { uses: uses.join(', ') })}` : null;
}
