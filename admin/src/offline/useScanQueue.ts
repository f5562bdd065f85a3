/**
 * The screens' view of the queue: online or not, the user's stored scans (queued and finished) and the known
 * packages, reloaded from IndexedDB whenever this tab or another changes them; and `enqueue` for a scan.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { loadChunk } from '../components/lazyScreen.js';
import { useLiveChanges } from '../live/useLive.js';
import { useCurrentUser } from '../layout/useCurrentUser.js';
import { loadKnown, subscribeQueue, userScans } from './store.js';
import type { KnownPackage, QueueScreen, QueuedAction, StoredScan } from './types.js';

/** The sender and the recorder: a chunk of their own, fetched once the screen is up (the driver's first load stays small). */
const queueModule = () => loadChunk(() => import('./queue.js'));

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** How often at most live changes refetch the known list (the first at once, the last never dropped). */
const LIVE_KNOWN_MS = 1_000;
let liveKnownTimer: ReturnType<typeof setTimeout> | undefined;
let liveKnownAt = 0;

/**
 * Packages changed elsewhere (docs/live-updates.md "Driver and store screens"): the known list is fetched again, so a
 * package assigned to the user or gone from their scope shows on the screen and in what offline scans recognise. It
 * only rewrites the known list in IndexedDB: queued scans, their order and their outcomes are never touched.
 */
function refreshKnownLive(userId: number) {
  if (liveKnownTimer) return;
  liveKnownTimer = setTimeout(() => {
    liveKnownTimer = undefined;
    liveKnownAt = Date.now();
    void queueModule().then((queue) => queue.refreshKnown(userId, true));
  }, Math.max(0, liveKnownAt + LIVE_KNOWN_MS - Date.now()));
}

/** The browser's online flag (Playwright's setOffline and a phone's flight mode both flip it). */
export const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);

interface Snapshot {
  userId: number | null;
  scans: StoredScan[];
  known: KnownPackage[];
}

const EMPTY: Snapshot = { userId: null, scans: [], known: [] };
let snapshot: Snapshot = EMPTY;
let loading: Promise<void> | null = null;
let stale = false;
const viewers = new Set<() => void>();

/** Reads the user's scans and known list again (one read at a time; changes meanwhile read once more after it). */
function reload(userId: number) {
  if (loading) {
    stale = true;
    return;
  }
  loading = Promise.all([userScans(userId), loadKnown(userId)])
    .then(([scans, known]) => {
      snapshot = { userId, scans, known };
      for (const viewer of viewers) viewer();
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
      if (stale) {
        stale = false;
        reload(userId);
      }
    });
}

function useSnapshot(userId: number | undefined): Snapshot {
  const subscribe = useCallback(
    (listener: () => void) => {
      viewers.add(listener);
      if (userId === undefined) return () => void viewers.delete(listener);
      const unsubscribe = subscribeQueue(() => reload(userId));
      if (snapshot.userId !== userId) reload(userId);
      return () => {
        viewers.delete(listener);
        unsubscribe();
      };
    },
    [userId],
  );
  const current = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return current.userId === (userId ?? null) ? current : EMPTY;
}

/**
 * The header's figures: online or not, whether this device's queue has been read yet (`read`: false right after a
 * load, until IndexedDB has answered, and while the user is not known) and how many of the user's scans wait to be sent.
 */
export function useQueueStatus() {
  const user = useCurrentUser();
  const online = useOnline();
  const current = useSnapshot(user?.id);
  return { online, read: current !== EMPTY, queued: current.scans.filter((scan) => !scan.outcome).length };
}

/**
 * One screen's queue: its lines (every scan of the screen kept on the device, newest first: the queued ones
 * and those finished within the last day, see store.ts), the known packages by barcode, and `enqueue`. Starts
 * the sender and fetches the known list when online, on focus, when the network comes back and when packages change
 * elsewhere (live updates).
 */
export function useScanQueue(screen: QueueScreen) {
  const user = useCurrentUser();
  const userId = user?.id;
  const online = useOnline();
  const { scans, known } = useSnapshot(userId);

  useEffect(() => {
    if (userId === undefined) return;
    void queueModule().then((queue) => queue.startQueue(userId));
    const refresh = () => void queueModule().then((queue) => queue.refreshKnown(userId));
    const refreshNow = () => void queueModule().then((queue) => queue.refreshKnown(userId, true));
    refreshNow();
    window.addEventListener('focus', refresh);
    window.addEventListener('online', refreshNow);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('online', refreshNow);
    };
  }, [userId]);

  useLiveChanges(['packages'], () => (userId === undefined ? undefined : refreshKnownLive(userId)));

  const byBarcode = useMemo(() => new Map(known.map((pkg) => [pkg.barcode.toUpperCase(), pkg])), [known]);
  const lines = useMemo(() => scans.filter((scan) => scan.screen === screen).reverse(), [scans, screen]);

  const recognise = useCallback((barcode: string) => byBarcode.get(barcode.trim().toUpperCase()) ?? null, [byBarcode]);

  const enqueue = useCallback(
    (barcode: string, action: QueuedAction, locationId?: number | null, photo?: Blob) =>
      userId === undefined
        ? Promise.resolve(null)
        : queueModule().then((queue) => queue.recordScan({ userId, screen, barcode, action, location_id: locationId, known: recognise(barcode), photo })),
    [userId, screen, recognise],
  );

  return { online, lines, known, recognise, enqueue };
}
