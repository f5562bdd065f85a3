/**
 * The scan queue of the signed-in user on this device: recording a scan (IndexedDB first, then a send
 * attempt), the background sender, and the known-packages list (GET /api/scans/known) kept for offline
 * recognition. docs/offline-scanning.md "In the browser".
 */
import { api } from '../providers/http.js';
import { lastServerClock, subscribeServerClock, type ServerClock } from '../providers/serverClock.js';
import { queuedPhoto } from './photo.js';
import { watchPosition, positionFields } from './position.js';
import { addScan, loadServerClock, nextSeq, pruneDone, saveKnown, saveServerClock } from './store.js';
import { QueueSyncer, signedInFailure } from './sync.js';
import type { KnownPackage, QueueScreen, QueuedAction, StoredScan } from './types.js';

let syncer: QueueSyncer | null = null;

// The device clock's offset as last seen in an API answer, kept on the device for the scans made after a reload offline.
// Written when it moved by more than the Date header's one-second grain, or every few minutes (its observed_at), not
// after every answer.
const KEEP_AGAIN_MS = 5 * 60_000;
let kept: ServerClock | null = null;
export function clockWorthKeeping(previous: ServerClock | null, clock: ServerClock): boolean {
  if (!previous) return true;
  return Math.abs(clock.offset_ms - previous.offset_ms) > 1000 || Date.parse(clock.observed_at) - Date.parse(previous.observed_at) >= KEEP_AGAIN_MS;
}
const keepClock = (clock: ServerClock) => {
  if (!clockWorthKeeping(kept, clock)) return;
  kept = clock;
  void saveServerClock(clock).catch(() => undefined);
};
subscribeServerClock(keepClock);
const seenBeforeLoad = lastServerClock();
if (seenBeforeLoad) keepClock(seenBeforeLoad);

/** What this page saw last, else what the device kept (the page reloaded with no network since), else nothing. */
async function knownClock(): Promise<ServerClock | null> {
  return lastServerClock() ?? (await loadServerClock().catch(() => null));
}

/** Starts (once per user) the background sender; a finished day's scans are pruned then. */
export function startQueue(userId: number): QueueSyncer {
  if (syncer?.userId !== userId) {
    syncer?.stop();
    syncer = new QueueSyncer(userId);
    void pruneDone().catch(() => undefined);
    void syncer.kick();
  }
  return syncer;
}

/** A new client id: random, 8..64 of [A-Za-z0-9_-] (a UUID where the browser makes them). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ScanInput {
  userId: number;
  screen: QueueScreen;
  barcode: string;
  action: QueuedAction;
  location_id?: number | null;
  known?: KnownPackage | null;
  /** PUDO hand-over: the photo of the customer's identification (downscaled to the server's 2 MB). */
  photo?: Blob;
}

/**
 * Records a scan on the device (with the device time, how far the device clock was off from the server's as last
 * seen, and the last known position), then tries to send it.
 */
export async function recordScan(input: ScanInput): Promise<StoredScan> {
  watchPosition();
  const occurredAt = new Date().toISOString();
  const clock = await knownClock();
  const identification = input.photo ? await queuedPhoto(input.photo) : undefined;
  const scan: StoredScan = {
    client_id: newClientId(),
    seq: nextSeq(),
    user_id: input.userId,
    screen: input.screen,
    barcode: input.barcode,
    action: input.action,
    occurred_at: occurredAt,
    ...(clock ? { clock_offset_ms: clock.offset_ms, clock_observed_at: clock.observed_at } : {}),
    ...positionFields(),
    known: input.known ? { shipment_name: input.known.shipment_name ?? null, status: input.known.status } : null,
  };
  if (input.location_id !== null && input.location_id !== undefined) scan.location_id = input.location_id;
  if (identification) scan.identification = identification;
  await addScan(scan);
  void startQueue(input.userId).kick();
  return scan;
}

const KNOWN_MIN_INTERVAL_MS = 30_000;
let knownAsked = 0;

/** Fetches the known-packages list into the store (at most every 30 s unless forced); offline it keeps the last one. */
export async function refreshKnown(userId: number, force = false): Promise<void> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  if (!force && Date.now() - knownAsked < KNOWN_MIN_INTERVAL_MS) return;
  knownAsked = Date.now();
  try {
    const res = await api<{ data: KnownPackage[]; meta?: { generated_at?: string } }>('scans/known', { suppress: signedInFailure });
    await saveKnown(userId, res.meta?.generated_at ?? new Date().toISOString(), res.data);
  } catch {
    knownAsked = 0; // ask again next time
  }
}
