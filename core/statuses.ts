/**
 * Status tables (SPEC section 4). Labels are i18n keys: `statuses.<table>.<code>`.
 */
export const SHIPMENT_STATUS = {
  draft: 0,
  requesting_input: 4,
  awaiting_input: 5,
  ready_to_print: 10,
  partly_registered: 15,
  printed: 20,
  awaiting_pickup: 30,
  in_transit: 50,
  in_warehouse: 60,
  dropped_off: 70,
  awaiting_payment: 80,
  ready_to_collect: 90,
  collected: 100,
  lost: -200,
  returned: -100,
  cancelled: -90,
  expired_retrieved: -50,
  expired_retrievable: -45,
  expired: -40,
} as const;

export const PACKAGE_STATUS = {
  draft: 0,
  printed: 20,
  awaiting_pickup: 30,
  in_transit: 50,
  in_warehouse: 60,
  dropped_off: 70,
  awaiting_payment: 80,
  ready_to_collect: 90,
  collected: 100,
  lost: -200,
  returned: -100,
  cancelled: -90,
  expired_retrieved: -50,
  expired_retrievable: -45,
  expired: -40,
} as const;

/** Statuses in which a package physically sits at its location_id (what locations.package_count counts). */
export const AT_LOCATION_STATUSES: readonly number[] = [
  PACKAGE_STATUS.in_warehouse, PACKAGE_STATUS.dropped_off, PACKAGE_STATUS.awaiting_payment,
  PACKAGE_STATUS.ready_to_collect, PACKAGE_STATUS.expired, PACKAGE_STATUS.expired_retrievable,
];

export const BATCH_STATUS = { draft: 0, paused: 25, running: 50, completed: 100 } as const;

export const BATCH_ITEM_STATUS = {
  failed: -50,
  draft: 0,
  pending: 25,
  notified: 50,
  reminded: 70,
  idle: 80,
  responded: 90,
  shipment_created: 100,
} as const;

export const MANIFEST_STATUS = { draft: 0, finalized: 10, live: 50, fulfilled: 100 } as const;

export const STATUS_TABLES = {
  shipments: SHIPMENT_STATUS,
  packages: PACKAGE_STATUS,
  batches: BATCH_STATUS,
  batch_items: BATCH_ITEM_STATUS,
  manifests: MANIFEST_STATUS,
} as const;

export type StatusTable = keyof typeof STATUS_TABLES;

/** Status codes of a table, in display order. */
export function statusCodes(table: StatusTable): number[] {
  return Object.values(STATUS_TABLES[table]) as number[];
}

export function statusKey(table: StatusTable, code: number): string | undefined {
  const entry = Object.entries(STATUS_TABLES[table]).find(([, v]) => v === code);
  return entry?.[0];
}

/** Status 80 exists only for merchants with the postpayments feature. */
export const POSTPAYMENT_ONLY_STATUSES = [80];
