/**
 * The wire of the offline scan queue (docs/offline-scanning.md): POST /api/scans/sync and GET /api/scans/known,
 * and what the browser keeps of a scan in IndexedDB until its outcome is stored.
 */

/** The scan verbs the queue may carry (the server applies each through the live verb's rules). */
export type QueuedAction = 'pickup' | 'check-in' | 'check-out' | 'deposit';

/** The role screens that queue scans. */
export type QueueScreen = 'driver' | 'pudo' | 'warehouse';

/** One scan as sent to POST /api/scans/sync. */
export interface SyncScan {
  client_id: string;
  barcode: string;
  action: QueuedAction;
  location_id?: number;
  handover_to?: number;
  occurred_at: string;
  /** Server time minus this device's clock (ms), as last seen before the scan (providers/serverClock.ts), if ever. */
  clock_offset_ms?: number;
  latitude?: number;
  longitude?: number;
  accuracy_m?: number;
  identification?: { mime: string; data: string };
}

/** One scan's answer, in the order sent. */
export interface SyncOutcome {
  client_id: string;
  result: 'applied' | 'refused';
  code?: string;
  message?: string;
  package?: { id: number; barcode: string; status: number; status_label?: string };
  server_time?: string;
  replayed?: boolean;
}

/** A scan kept on the device: queued until its outcome is stored beside it. */
export interface StoredScan extends SyncScan {
  /** Order of recording on this device (Date.now() based, strictly increasing per tab). */
  seq: number;
  user_id: number;
  screen: QueueScreen;
  /** When `clock_offset_ms` was observed, on this device's clock (ISO). */
  clock_observed_at?: string;
  /** What the device knew of the package when it was scanned (offline recognition), if anything. */
  known?: { shipment_name?: string | null; status?: number } | null;
  outcome?: SyncOutcome;
  /** When the outcome was stored on this device (ms). */
  outcome_at?: number;
}

/** A package the user holds or expects (GET /api/scans/known). */
export interface KnownPackage {
  id: number;
  barcode: string;
  status: number;
  shipment_name?: string | null;
  location_id?: number | null;
  location_name?: string | null;
  actions: string[];
}
