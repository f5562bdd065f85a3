/**
 * Action names of the state machines. They are the verbs of the API (`POST /api/packages/:id/<action>`),
 * the entries of `meta.actions` and the `{action}` of `GET /api/user/can/{action}/{singular}`.
 */
export const PACKAGE_ACTIONS = [
  'print',
  'request-pickup',
  'private-delivery',
  'pickup',
  'check-in',
  'deposit',
  'check-out',
  'collect',
  'confirm-payment',
  'expire-by-time',
  'expire',
  'mark-as-returned',
  'mark-as-lost',
  'cancel',
  'extend-expiry',
  'reroute',
  'consolidate',
  'deconsolidate',
  'notify',
  'remind',
  'offer-extension',
  'process',
  'runhook',
  'force-sync',
] as const;
export type PackageAction = (typeof PACKAGE_ACTIONS)[number];

export const SHIPMENT_ACTIONS = [
  'update',
  'delete',
  'register',
  'print',
  'request-pickup',
  'request-location',
  'location-requested',
  'location-chosen',
  'private-delivery',
  'cancel',
  'process',
] as const;
export type ShipmentAction = (typeof SHIPMENT_ACTIONS)[number];

export const isPackageAction = (value: unknown): value is PackageAction =>
  typeof value === 'string' && (PACKAGE_ACTIONS as readonly string[]).includes(value);
export const isShipmentAction = (value: unknown): value is ShipmentAction =>
  typeof value === 'string' && (SHIPMENT_ACTIONS as readonly string[]).includes(value);

/** Verbs of a manifest (`POST /api/manifests/:id/<verb>`). */
export const MANIFEST_ACTIONS = ['finalize', 'go-live', 'fulfil', 'delivery-attempted', 'add-packages', 'remove-packages'] as const;
export type ManifestAction = (typeof MANIFEST_ACTIONS)[number];

/**
 * Every `kind` an event of the history may carry: the record verbs, the campaign steps, and the verbs of
 * the state machines (an action that keeps the status is recorded under its own name). Each one has an
 * `event_kinds.<kind>` phrase in every catalogue.
 */
export const EVENT_KINDS = [
  ...new Set([
    'created', 'updated', 'deleted', 'status', 'email_notified', 'sms_notified', 'reminded', 'failed', 'responded', 'reprint',
    ...PACKAGE_ACTIONS, ...SHIPMENT_ACTIONS, ...MANIFEST_ACTIONS,
  ]),
] as const;
