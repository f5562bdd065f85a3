/**
 * Sending the queue (docs/offline-scanning.md "In the browser"): the user's queued scans go to
 * POST /api/scans/sync in the order they were recorded, at most BATCH_SIZE at a time, and each batch's outcomes
 * are stored before the next is sent. The server is idempotent by client_id, so a batch whose answer was lost is
 * simply sent again. One tab at a time sends (a Web Lock); the others see the outcomes through the store.
 */
import { api } from '../providers/http.js';
import { queuedScans, storeOutcomes } from './store.js';
import type { StoredScan, SyncOutcome, SyncScan } from './types.js';

export const BATCH_SIZE = 100;
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;
const LOCK_NAME = 'lockerline-scan-sync';

export type SendBatch = (scans: SyncScan[]) => Promise<SyncOutcome[]>;

/** A whole batch refused for what it is (malformed, too large, not allowed): resending it would not help. */
const FINAL_STATUSES = new Set([400, 403, 413, 422]);

interface Refusal {
  status?: number;
  message?: string;
  body?: { code?: string; message?: string };
}

const statusOf = (error: unknown) => (typeof (error as Refusal)?.status === 'number' ? (error as Refusal).status! : 0);

/** Back-off before the next attempt after `attempt` failed ones: 2 s, 4 s, 8 s ... at most a minute. */
export const retryDelay = (attempt: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);

/** The scan as the API takes it: the device-only fields (order, user, screen, what was known) stay here. */
export function toWire(scan: StoredScan): SyncScan {
  const { client_id, barcode, action, location_id, handover_to, occurred_at, clock_offset_ms, latitude, longitude, accuracy_m, identification } = scan;
  const wire: SyncScan = { client_id, barcode, action, occurred_at };
  const optional = { location_id, handover_to, clock_offset_ms, latitude, longitude, accuracy_m, identification };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined && value !== null) (wire as unknown as Record<string, unknown>)[key] = value;
  return wire;
}

/** The outcome of each scan when the server refused the request as a whole (its code and message for each). */
const refusedAll = (scans: StoredScan[], error: unknown): SyncOutcome[] =>
  scans.map((scan) => ({
    client_id: scan.client_id,
    result: 'refused',
    code: (error as Refusal).body?.code,
    message: (error as Refusal).body?.message ?? (error as Refusal).message,
  }));

/** Sends one batch; a batch refused as a whole is retried scan by scan, so one bad scan refuses only itself. */
async function sendOne(batch: StoredScan[], send: SendBatch): Promise<SyncOutcome[]> {
  try {
    return await send(batch.map(toWire));
  } catch (error) {
    if (!FINAL_STATUSES.has(statusOf(error))) throw error;
    if (batch.length === 1) return refusedAll(batch, error);
    const outcomes: SyncOutcome[] = [];
    for (const scan of batch) outcomes.push(...(await sendOne([scan], send)));
    return outcomes;
  }
}

/**
 * Sends the user's queued scans, oldest first, batch after batch, storing each batch's outcomes before the
 * next. Throws (the rest stays queued) when the network or the server fails; resolves with the number settled.
 */
export async function drainQueue(userId: number, send: SendBatch): Promise<number> {
  let settled = 0;
  for (;;) {
    const batch = (await queuedScans(userId)).slice(0, BATCH_SIZE);
    if (batch.length === 0) return settled;
    const sent = new Set(batch.map((scan) => scan.client_id));
    const outcomes = (await sendOne(batch, send)).filter((outcome) => sent.has(outcome.client_id));
    if (outcomes.length === 0) throw new Error('scans/sync answered no outcome for the batch');
    await storeOutcomes(outcomes);
    settled += outcomes.length;
  }
}

/**
 * POST /api/scans/sync, quietly: the screens show each scan's outcome on its line, never a dialog. A lapsed session
 * (401) is not kept quiet: it signs the user out like any other call (the sign-in page), since the queue cannot be
 * sent until they sign in again; its scans stay on the device for them.
 * Each send (a retry, the resend after a refreshed CSRF token too) carries this device's clock at that moment,
 * `sent_at`: the server corrects the scans' device times by how far this clock is off (docs/offline-scanning.md).
 */
export const sendBatch: SendBatch = async (scans) =>
  (await api<{ data: SyncOutcome[] }>('scans/sync', { method: 'POST', body: () => ({ scans, sent_at: new Date().toISOString() }), suppress: signedInFailure })).data;

/** Every failure but a lapsed session (401), which signs the user out (the global error policy). */
export const signedInFailure = (status: number) => status !== 401;

/** Runs `task` while holding the tab-wide sync lock (Web Locks), or directly where the browser has none. */
function exclusive<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(LOCK_NAME, task) : task();
}

/**
 * The background sender of one signed-in user: runs on start, on `kick` (a new scan), when the browser comes
 * back online, and on a back-off timer after a failure. A 401 (signed out) stops it until the next start.
 */
export class QueueSyncer {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private readonly onOnline = () => {
    this.attempt = 0;
    this.kick();
  };

  constructor(
    readonly userId: number,
    private readonly send: SendBatch = sendBatch,
    private readonly schedule: (run: () => void, ms: number) => ReturnType<typeof setTimeout> = (run, ms) => setTimeout(run, ms),
  ) {
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline);
  }

  /** Sends now (or right after the run in progress). Resolves when that run has ended. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return Promise.resolve();
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.run();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      await exclusive(() => drainQueue(this.userId, this.send));
      this.attempt = 0;
    } catch (error) {
      if (statusOf(error) !== 401 && !this.stopped) {
        this.timer = this.schedule(() => void this.kick(), retryDelay(this.attempt));
        this.attempt += 1;
      }
    } finally {
      this.running = false;
      if (this.again) {
        this.again = false;
        void this.kick();
      }
    }
  }
}
