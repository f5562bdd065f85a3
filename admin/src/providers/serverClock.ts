/**
 * How far this device's clock is from the server's, as last seen in an API answer (its `Date` header): the scan
 * queue records it with each scan, so the server can correct a scan made while the clock was wrong even when the
 * clock was set right before the queue was sent (docs/offline-scanning.md "A clock set right before the send").
 * Kept here in memory for this page; the queue (admin/src/offline/queue.ts) keeps the last one in IndexedDB.
 */

export interface ServerClock {
  /** Server time minus this device's clock, ms (positive: the device is behind). */
  offset_ms: number;
  /** This device's clock when it was observed (ISO). */
  observed_at: string;
}

let last: ServerClock | null = null;
const listeners = new Set<(clock: ServerClock) => void>();

/**
 * Reads a successful answer's `Date` header against this device's clock at its arrival. The header has whole
 * seconds and the answer took some time to arrive: an error of a second or so, far inside the server's 5-minute
 * tolerance. A missing or unreadable header changes nothing.
 */
export function observeServerClock(dateHeader: string | null | undefined, deviceNow = Date.now()): void {
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (!Number.isFinite(server)) return;
  last = { offset_ms: Math.round(server - deviceNow), observed_at: new Date(deviceNow).toISOString() };
  for (const listener of listeners) listener(last);
}

/** The last offset seen by this page, or null (none yet since it loaded). */
export const lastServerClock = (): ServerClock | null => last;

export function subscribeServerClock(listener: (clock: ServerClock) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tests: forget what this page saw. */
export function resetServerClock(): void {
  last = null;
}
