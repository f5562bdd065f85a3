/**
 * The device's scan queue and known-packages list in IndexedDB (through `idb`). A scan is written here before
 * anything is sent and stays until its outcome is stored beside it; finished scans are pruned after a day.
 * Every write is announced to this tab's listeners and to the other tabs (BroadcastChannel).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ServerClock } from '../providers/serverClock.js';
import type { KnownPackage, StoredScan, SyncOutcome } from './types.js';

interface QueueDb extends DBSchema {
  scans: { key: string; value: StoredScan; indexes: { seq: number } };
  /** Per user; under key SERVER_CLOCK_KEY (0, no user's id) the device clock's last known offset (`server_clock`). */
  known: { key: number; value: { user_id: number; generated_at: string; packages: KnownPackage[]; server_clock?: ServerClock } };
}

const DB_NAME = 'lockerline-offline';
/** Finished scans are kept this long for the screens' logs, then dropped. */
export const KEEP_DONE_MS = 24 * 3600_000;

let dbPromise: Promise<IDBPDatabase<QueueDb>> | null = null;

export function queueDb(): Promise<IDBPDatabase<QueueDb>> {
  dbPromise ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('scans', { keyPath: 'client_id' }).createIndex('seq', 'seq');
      db.createObjectStore('known', { keyPath: 'user_id' });
    },
  });
  return dbPromise;
}

/** Tests: forget the open connection (fake-indexeddb is reset between them). */
export function resetQueueDb(): void {
  dbPromise = null;
}

const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('lockerline-scan-queue');
if (channel) channel.onmessage = () => notifyHere();

function notifyHere() {
  for (const listener of listeners) listener();
}

/** Tells this tab and the others that the queue changed. */
function changed() {
  notifyHere();
  channel?.postMessage('changed');
}

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

let lastSeq = 0;
/** A strictly increasing order key for this tab (milliseconds, bumped when two scans share one). */
export function nextSeq(now = Date.now()): number {
  lastSeq = Math.max(now, lastSeq + 1);
  return lastSeq;
}

export async function addScan(scan: StoredScan): Promise<void> {
  await (await queueDb()).put('scans', scan);
  changed();
}

/** Every scan of the user, oldest first. */
export async function userScans(userId: number): Promise<StoredScan[]> {
  const all = await (await queueDb()).getAllFromIndex('scans', 'seq');
  return all.filter((scan) => scan.user_id === userId);
}

/** The user's scans still waiting for an outcome, in the order they were recorded. */
export const queuedScans = async (userId: number) => (await userScans(userId)).filter((scan) => !scan.outcome);

/**
 * Stores each outcome beside its scan, in one transaction (all or none). A scan that already has one keeps it:
 * another tab may have stored the same answer first.
 */
export async function storeOutcomes(outcomes: SyncOutcome[], now = Date.now()): Promise<void> {
  const tx = (await queueDb()).transaction('scans', 'readwrite');
  for (const outcome of outcomes) {
    const scan = await tx.store.get(outcome.client_id);
    if (scan && !scan.outcome) await tx.store.put({ ...scan, outcome, outcome_at: now });
  }
  await tx.done;
  changed();
}

/** Drops finished scans older than KEEP_DONE_MS; queued scans are never dropped. */
export async function pruneDone(now = Date.now()): Promise<void> {
  const tx = (await queueDb()).transaction('scans', 'readwrite');
  let cursor = await tx.store.index('seq').openCursor(IDBKeyRange.upperBound(now - KEEP_DONE_MS));
  while (cursor) {
    if (cursor.value.outcome) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

export async function saveKnown(userId: number, generatedAt: string, packages: KnownPackage[]): Promise<void> {
  await (await queueDb()).put('known', { user_id: userId, generated_at: generatedAt, packages });
  changed();
}

export async function loadKnown(userId: number): Promise<KnownPackage[]> {
  return (await (await queueDb()).get('known', userId))?.packages ?? [];
}

/**
 * The device clock's offset from the server as last seen (providers/serverClock.ts), kept for the scans made after a
 * reload with no network. In the `known` store under key 0 (no user has that id): a new store would need a database
 * upgrade, which waits until every tab still running the previous build has closed its connection.
 */
const SERVER_CLOCK_KEY = 0;

export async function saveServerClock(clock: ServerClock): Promise<void> {
  await (await queueDb()).put('known', { user_id: SERVER_CLOCK_KEY, generated_at: clock.observed_at, packages: [], server_clock: clock });
}

export async function loadServerClock(): Promise<ServerClock | null> {
  return (await (await queueDb()).get('known', SERVER_CLOCK_KEY))?.server_clock ?? null;
}
