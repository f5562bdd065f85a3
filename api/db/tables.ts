/** Kysely table types. Booleans are 0/1 integers, timestamps ISO text, JSON columns text. */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

interface Stamped {
  id: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface MerchantsTable extends Stamped {
  name: string;
  active: Generated<number>;
  token: string | null;
  secret_hash: string | null;
  fetch_service: string | null;
  features: Generated<number>;
  channels: Generated<number>;
  branding: Generated<string>;
  payment_url: string | null;
  email_templates: Generated<string>;
  notification_events: Generated<string>;
  content_types: Generated<string>;
  default_content_type: string | null;
  /** Campaign texts per batch step and language, JSON (core/campaigns/texts.ts, migration 017). */
  campaign_texts: Generated<string>;
  user_count: Generated<number>;
}

export interface LocationsTable extends Stamped {
  name: string;
  code: string;
  type: string;
  class: string;
  locker_service: string | null;
  merchant_id: number | null;
  active: Generated<number>;
  approved: Generated<number>;
  hours: string | null;
  zone: string | null;
  route: string | null;
  timezone: string | null;
  latitude: number | null;
  longitude: number | null;
  what3words: string | null;
  image: string | null;
  secure_access_key: string | null;
  terminal: string | null;
  storage_days: Generated<number>;
  /** Storage rules (migration 021, core/machines/storage.ts). */
  storage_unit: Generated<string>;
  storage_reminder_hours: Generated<number>;
  storage_extensions_max: Generated<number | null>;
  storage_extension_hours: Generated<number>;
  storage_extension_after_hours: Generated<number>;
  storage_end_action: Generated<string>;
  package_count: Generated<number>;
  address_company: string | null;
  address_description: string | null;
  address_street: string | null;
  address_house_number: string | null;
  address_locality: string | null;
  address_postcode: string | null;
  address_state: string | null;
  address_country: Generated<string>;
}

export interface LocationGroupsTable extends Stamped {
  name: string;
}

export interface LocationGroupLocationsTable {
  location_group_id: number;
  location_id: number;
}

export interface MerchantLocationGroupsTable {
  merchant_id: number;
  location_group_id: number;
}

export interface UsersTable extends Stamped {
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  role: number;
  active: Generated<number>;
  merchant_id: number | null;
  locale: Generated<string>;
  country: Generated<string>;
  preferences: Generated<string>;
}

export interface UserLocationsTable {
  user_id: number;
  location_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface PasswordTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'reset' | 'create';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ThrottleTable {
  key: string;
  window_start: string;
  hits: number;
}

/** The live pickup code of a package waiting in a locker (migration 018): HMAC digest only. */
export interface PickupCodesTable {
  package_id: number;
  location_id: number;
  code_hash: string;
  created_at: string;
}

/** A locker terminal's own credential (migration 018): SHA-256 of its secret. */
export interface TerminalCredentialsTable {
  location_id: number;
  secret_hash: string;
  created_by: number | null;
  created_at: string;
}

/** A courier's badge code (migration 018): HMAC digest only. */
export interface StaffBadgesTable {
  user_id: number;
  badge_hash: string;
  created_by: number | null;
  created_at: string;
}

export interface ManifestsTable extends Stamped {
  merchant_id: number | null;
  name: string;
  status: Generated<number>;
  mode: string;
  delivery_attempted: Generated<number>;
  shipment_count: Generated<number>;
  package_count: Generated<number>;
}

export interface BatchesTable extends Stamped {
  merchant_id: number;
  name: string | null;
  status: Generated<number>;
  type: Generated<string>;
  item_count: Generated<number>;
  pickup_location_id: number | null;
  features: Generated<number>;
  packages_small: Generated<number>;
  packages_medium: Generated<number>;
  packages_large: Generated<number>;
  packages_oversized: Generated<number>;
  contents: string | null;
  notification_message: string | null;
  reminder_message: string | null;
  final_reminder_message: string | null;
  /** The message texts in the other languages, JSON (core/campaigns/batch-texts.ts, migration 023). */
  message_translations: Generated<string>;
  offset: Generated<number>;
  reminder_count: Generated<number>;
  reminder_interval: Generated<number>;
  channels: Generated<number>;
  custom_final_reminder: Generated<number>;
  created_by: number | null;
}

export interface ShipmentsTable extends Stamped {
  reference_id: string;
  external_reference_id: string | null;
  type: Generated<string>;
  payment_type: Generated<string>;
  paid: Generated<number>;
  status: Generated<number>;
  merchant_id: number;
  created_by: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  country: Generated<string>;
  locale: Generated<string>;
  pickup_location_id: number | null;
  dropoff_location_id: number | null;
  contents: string | null;
  batch_id: number | null;
  manifest_id: number | null;
  package_count: Generated<number>;
  pickup_requested_at: string | null;
}

export interface PackagesTable extends Stamped {
  barcode: string;
  size: string;
  status: Generated<number>;
  description: string | null;
  shipment_id: number;
  merchant_id: number;
  location_id: number | null;
  dropoff_location_id: number | null;
  driver_id: number | null;
  manifest_id: number | null;
  consolidated_to_id: number | null;
  locker_number: string | null;
  available_at: string | null;
  expires_at: string | null;
  is_rerouted: Generated<number>;
  is_consolidated: Generated<number>;
  is_consolidation: Generated<number>;
  missing: Generated<number>;
  is_unpaid: Generated<number>;
  /** The expires_at the 24 h reminder was sent for (migration 004). */
  reminder_sent_for: Generated<string | null>;
  /** Temporary storage (issue 13): the locker the package was meant for, when it goes back to its route, the expiry it keeps. */
  storage_origin_id: Generated<number | null>;
  storage_return_at: Generated<string | null>;
  kept_expires_at: Generated<string | null>;
  /** Set when its door went out of service and no other door of its size was free. */
  door_flag: Generated<string | null>;
}

export interface PackageImagesTable {
  package_id: number;
  mime: string;
  data: Buffer;
  created_at: string;
}

export interface BatchItemsTable extends Stamped {
  batch_id: number;
  merchant_id: number;
  first_name: string;
  last_name: string;
  status: Generated<number>;
  offset_date: string | null;
  email: string | null;
  phone: string | null;
  full_phone_number: string | null;
  country: Generated<string>;
  /** The customer's language (en/es) for campaign messages and the respond page (migration 008). */
  locale: Generated<string>;
  reminders_sent: Generated<number>;
  last_notified_at: string | null;
  next_notification_at: string | null;
  pickup_location_id: number | null;
  shipment_id: number | null;
  credit_card: string | null;
  response_token_hash: string | null;
}

export interface EventsTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  kind: string;
  from_status: number | null;
  to_status: number | null;
  actor_id: number | null;
  location_id: number | null;
  reason: string | null;
  data: string | null;
  created_at: string;
  /** The device time of a synced scan (migration 024); null otherwise. */
  occurred_at: string | null;
}

/** Synced scans by client id (migration 024, docs/offline-scanning.md): `outcome` is the stored answer (JSON). */
export interface ScanSyncsTable {
  client_id: string;
  user_id: number;
  outcome: string;
  created_at: string;
}

/** Changes the live screens hear of (migration 019, written by triggers; docs/live-updates.md). */
export interface ChangeLogTable {
  id: Generated<number>;
  resource: string;
  record_id: number;
  merchant_id: number | null;
  created_at: string;
}

/** Notification outbox (migration 003, docs/notifications.md). */
export interface OutboxTable {
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  event: string;
  merchant_id: number | null;
  subject_type: string;
  subject_id: number;
  recipient: string;
  locale: Generated<string>;
  payload: Generated<string>;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
}

/** Messages the development transport recorded instead of sending (superadmin message log). */
export interface MessageLogTable {
  id: Generated<number>;
  outbox_id: number | null;
  kind: string;
  recipient: string;
  sender: string | null;
  subject: string | null;
  body: string;
  idempotency_key: string | null;
  created_at: string;
}

/** A locker compartment held by a package (migration 004, local locker service). */
/** A door taken out of service (issue 13); no row: the door is in service. */
export interface LockerDoorsOutTable {
  location_id: number;
  compartment: number;
  reason: string | null;
  actor_id: number | null;
  created_at: string;
}

export interface LockerCompartmentsTable {
  location_id: number;
  compartment: number;
  size: string;
  package_id: number;
  shipment_id: number;
  /** reserved (registered), occupied (deposited), retrievable (expired, to be emptied). */
  state: Generated<string>;
  created_at: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/**
 * The dashboard's daily aggregate (migration 022, docs/dashboard.md): per network-local day, merchant and
 * location, the counts of package events (core/dashboard.ts), the dwell-time histogram of collections
 * (`dwell_0`..`dwell_13`) and the collections per local hour (`pickups_0`..`pickups_23`). Kept by
 * api/resources/dashboard/dashboard-aggregate.ts in the same transaction as the events.
 */
export interface DashboardDailyTable {
  day: string;
  /** -1: the row sums every merchant. */
  merchant_id: number;
  /** 0: no location known; -1: the row sums every location. */
  location_id: number;
  arrived: number;
  collected: number;
  returned: number;
  expired: number;
  extended: number;
  rerouted: number;
  [bucket: `dwell_${number}` | `pickups_${number}`]: number;
}

export interface Database {
  settings: SettingsTable;
  dashboard_daily: DashboardDailyTable;
  merchants: MerchantsTable;
  locations: LocationsTable;
  location_groups: LocationGroupsTable;
  location_group_locations: LocationGroupLocationsTable;
  merchant_location_groups: MerchantLocationGroupsTable;
  users: UsersTable;
  user_locations: UserLocationsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  password_tokens: PasswordTokensTable;
  throttle: ThrottleTable;
  manifests: ManifestsTable;
  batches: BatchesTable;
  shipments: ShipmentsTable;
  packages: PackagesTable;
  package_images: PackageImagesTable;
  batch_items: BatchItemsTable;
  events: EventsTable;
  change_log: ChangeLogTable;
  outbox: OutboxTable;
  message_log: MessageLogTable;
  locker_compartments: LockerCompartmentsTable;
  locker_doors_out: LockerDoorsOutTable;
  pickup_codes: PickupCodesTable;
  terminal_credentials: TerminalCredentialsTable;
  staff_badges: StaffBadgesTable;
  scan_syncs: ScanSyncsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Merchant = Selectable<MerchantsTable>;
export type Location = Selectable<LocationsTable>;
export type Shipment = Selectable<ShipmentsTable>;
export type Package = Selectable<PackagesTable>;
export type Batch = Selectable<BatchesTable>;
export type BatchItem = Selectable<BatchItemsTable>;
export type Manifest = Selectable<ManifestsTable>;
export type EventRow = Selectable<EventsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type MessageLogRow = Selectable<MessageLogTable>;
