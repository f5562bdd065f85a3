/**
 * The device's scan queue (issue 14, docs/offline-scanning.md "In the browser"): scans are sent in the order
 * they were recorded, in batches of at most 100, each outcome lands on its scan, a failed send loses nothing
 * and is retried with back-off, and another user's scans are never sent.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scanLine } from './queueLines.js';
import { addScan, nextSeq, pruneDone, KEEP_DONE_MS, queuedScans, resetQueueDb, storeOutcomes, userScans } from './store.js';
import { BATCH_SIZE, QueueSyncer, drainQueue, retryDelay, sendBatch, toWire, type SendBatch } from './sync.js';
import { subscribeHttpErrors, type HttpErrorEvent } from '../errors/bus.js';
import type { StoredScan, SyncOutcome, SyncScan } from './types.js';

const USER = 7;

function scan(n: number, extra: Partial<StoredScan> = {}): StoredScan {
  return {
    client_id: `scan-${String(n).padStart(5, '0')}`,
    seq: nextSeq(),
    user_id: USER,
    screen: 'driver',
    barcode: `BC${n}`,
    action: 'pickup',
    occurred_at: new Date(2026, 0, 1, 8, 0, n % 60).toISOString(),
    ...extra,
  };
}

async function record(count: number, extra: Partial<StoredScan> = {}): Promise<StoredScan[]> {
  const scans = Array.from({ length: count }, (_, i) => scan(i, extra));
  for (const s of scans) await addScan(s);
  return scans;
}

const applied = (s: SyncScan): SyncOutcome => ({ client_id: s.client_id, result: 'applied', package: { id: 1, barcode: s.barcode, status: 50 }, server_time: 'now', replayed: false });

/** A server that applies every scan it is sent and remembers what it got. */
function server(answer: (s: SyncScan) => SyncOutcome = applied) {
  const batches: SyncScan[][] = [];
  const send: SendBatch = vi.fn(async (scans: SyncScan[]) => {
    batches.push(scans);
    return scans.map(answer);
  });
  return { send, batches };
}

const networkError = () => Object.assign(new Error('Failed to fetch'), { status: 0 });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetQueueDb();
});

describe('drainQueue', () => {
  it('sends the queue in the order recorded, in batches of at most 100, and stores every outcome', async () => {
    const scans = await record(250);
    const { send, batches } = server();
    expect(await drainQueue(USER, send)).toBe(250);
    expect(batches.map((b) => b.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 50]);
    expect(batches.flat().map((s) => s.client_id)).toEqual(scans.map((s) => s.client_id));
    expect(await queuedScans(USER)).toEqual([]);
    const stored = await userScans(USER);
    expect(stored).toHaveLength(250);
    expect(stored.every((s) => s.outcome?.result === 'applied' && typeof s.outcome_at === 'number')).toBe(true);
  });

  it('sends only the wire fields, with the device time and the position when known', async () => {
    const [s] = await record(1, { location_id: 3, latitude: 28.1, longitude: -15.4, accuracy_m: 12, known: { shipment_name: 'ORD-1' } });
    expect(toWire(s!)).toEqual({ client_id: s!.client_id, barcode: 'BC0', action: 'pickup', occurred_at: s!.occurred_at, location_id: 3, latitude: 28.1, longitude: -15.4, accuracy_m: 12 });
  });

  it('never sends another user’s scans', async () => {
    await record(3);
    await addScan(scan(99, { user_id: USER + 1, client_id: 'other-user-scan' }));
    const { send, batches } = server();
    await drainQueue(USER, send);
    expect(batches.flat().map((s) => s.client_id)).not.toContain('other-user-scan');
    expect(await queuedScans(USER + 1)).toHaveLength(1);
  });

  it('loses nothing when the network fails: the scans stay queued, in order, and a later send settles them', async () => {
    const scans = await record(150);
    let calls = 0;
    const flaky: SendBatch = async (batch) => {
      calls += 1;
      if (calls === 2) throw networkError(); // the second batch: the answer never comes
      return batch.map(applied);
    };
    await expect(drainQueue(USER, flaky)).rejects.toThrow('Failed to fetch');
    const left = await queuedScans(USER);
    expect(left.map((s) => s.client_id)).toEqual(scans.slice(100).map((s) => s.client_id));
    await drainQueue(USER, flaky);
    expect(await queuedScans(USER)).toEqual([]);
  });

  it('keeps a scan the server answered nothing for, and sends it again', async () => {
    await record(4);
    let first = true;
    const partial: SendBatch = async (batch) => {
      const answered = first ? batch.slice(0, 2) : batch;
      first = false;
      return answered.map(applied);
    };
    expect(await drainQueue(USER, partial)).toBe(4);
    expect(await queuedScans(USER)).toEqual([]);
  });

  it('a batch refused as a whole (422) is sent scan by scan: only the bad scan is refused, with the server’s code and message', async () => {
    await record(3);
    const send: SendBatch = async (batch) => {
      if (batch.some((s) => s.barcode === 'BC1')) {
        throw Object.assign(new Error('Invalid'), { status: 422, body: { code: 'validation', message: 'The barcode is not valid.' } });
      }
      return batch.map(applied);
    };
    await drainQueue(USER, send);
    const stored = await userScans(USER);
    expect(stored.map((s) => s.outcome?.result)).toEqual(['applied', 'refused', 'applied']);
    expect(stored[1]!.outcome).toMatchObject({ code: 'validation', message: 'The barcode is not valid.' });
  });

  it('an outcome already stored (another tab) is kept when the same answer comes again', async () => {
    const [s] = await record(1);
    await storeOutcomes([{ client_id: s!.client_id, result: 'applied', package: { id: 1, barcode: 'BC0', status: 50 } }]);
    await storeOutcomes([{ client_id: s!.client_id, result: 'refused', code: 'package.already_picked_up_by_you' }]);
    expect((await userScans(USER))[0]!.outcome?.result).toBe('applied');
  });

  it('prunes finished scans after a day, never queued ones', async () => {
    const old = Date.now() - KEEP_DONE_MS - 1000;
    await addScan(scan(1, { seq: old, client_id: 'old-done', outcome: { client_id: 'old-done', result: 'applied' } }));
    await addScan(scan(2, { seq: old + 1, client_id: 'old-queued' }));
    await addScan(scan(3, { client_id: 'new-done', outcome: { client_id: 'new-done', result: 'applied' } }));
    await pruneDone();
    expect((await userScans(USER)).map((s) => s.client_id).sort()).toEqual(['new-done', 'old-queued']);
  });
});

describe('QueueSyncer', () => {
  it('retries with back-off after a failure, and settles the queue once the server answers', async () => {
    await record(5);
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    let down = 2;
    const send: SendBatch = async (batch) => {
      if (down-- > 0) throw networkError();
      return batch.map(applied);
    };
    const syncer = new QueueSyncer(USER, send, (run, ms) => {
      delays.push(ms);
      pending.push(run);
      return 0 as unknown as ReturnType<typeof setTimeout>;
    });
    await syncer.kick();
    expect(delays).toEqual([retryDelay(0)]);
    pending.shift()!();
    await vi.waitFor(() => expect(delays).toEqual([retryDelay(0), retryDelay(1)]));
    expect(await queuedScans(USER)).toHaveLength(5);
    pending.shift()!();
    await vi.waitFor(async () => expect(await queuedScans(USER)).toHaveLength(0));
    expect(retryDelay(1)).toBeGreaterThan(retryDelay(0));
    expect(retryDelay(30)).toBe(60_000);
    syncer.stop();
  });

  it('stops retrying when the session is gone (401): the scans wait for the next sign-in', async () => {
    await record(2);
    const schedule = vi.fn();
    const syncer = new QueueSyncer(USER, async () => Promise.reject(Object.assign(new Error('Unauthenticated'), { status: 401 })), schedule);
    await syncer.kick();
    expect(schedule).not.toHaveBeenCalled();
    expect(await queuedScans(USER)).toHaveLength(2);
    syncer.stop();
  });

  it('a lapsed session (401) on a send signs the user out (the global error policy); other refusals stay quiet', async () => {
    const published: HttpErrorEvent[] = [];
    const unsubscribe = subscribeHttpErrors((event) => published.push(event));
    document.cookie = 'XSRF-TOKEN=test';
    const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    try {
      vi.stubGlobal('fetch', answer(422, { code: 'scan.batch_too_large', message: 'Too many' }));
      await expect(sendBatch([toWire(scan(1))])).rejects.toMatchObject({ status: 422 });
      vi.stubGlobal('fetch', answer(503, { message: 'Down' }));
      await expect(sendBatch([toWire(scan(2))])).rejects.toMatchObject({ status: 503 });
      expect(published).toEqual([]);
      vi.stubGlobal('fetch', answer(401, { code: 'unauthenticated', message: 'Unauthenticated.' }));
      await expect(sendBatch([toWire(scan(3))])).rejects.toMatchObject({ status: 401 });
      expect(published).toMatchObject([{ status: 401 }]);
    } finally {
      unsubscribe();
      vi.unstubAllGlobals();
    }
  });
});

describe('the device clock at each send (sent_at)', () => {
  it('every send carries the clock of that moment: the first, a retry after a failure, the resend after a refreshed CSRF token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A phone whose clock is ten days behind: the server corrects the scans' times by it.
    vi.setSystemTime(new Date('2026-11-19T08:00:00.000Z'));
    document.cookie = 'XSRF-TOKEN=test';
    const scans = await record(2);
    const sends: { sent_at: unknown; scans: SyncScan[]; clock: string }[] = [];
    const statuses = [503, 419, 200];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.includes('csrf-cookie')) return new Response(null, { status: 204 });
      const body = JSON.parse(String(init!.body)) as { sent_at: unknown; scans: SyncScan[] };
      sends.push({ ...body, clock: new Date().toISOString() });
      vi.setSystemTime(Date.now() + 1_500); // the clock moves on between sends
      const status = statuses.shift()!;
      const answer = status === 200 ? { data: body.scans.map(applied) } : { message: 'not now' };
      return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
    });
    try {
      vi.stubGlobal('fetch', fetch);
      await expect(drainQueue(USER, sendBatch)).rejects.toMatchObject({ status: 503 });
      vi.setSystemTime(Date.now() + 60_000);
      expect(await drainQueue(USER, sendBatch)).toBe(2);
    } finally {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
    expect(sends).toHaveLength(3);
    for (const send of sends) {
      expect(send.sent_at).toBe(send.clock);
      expect(send.scans.map((s) => s.client_id)).toEqual(scans.map((s) => s.client_id));
    }
    expect(sends.map((send) => send.sent_at)).toEqual(['2026-11-19T08:00:00.000Z', '2026-11-19T08:01:01.500Z', '2026-11-19T08:01:03.000Z']);
    expect(await queuedScans(USER)).toEqual([]);
  });
});

describe('keeping the device clock on the device (clockWorthKeeping)', () => {
  const at = (offset_ms: number, observed_at: string) => ({ offset_ms, observed_at });
  it('writes the first offset, one that moved by more than a second, or a stale one; not every answer', async () => {
    const { clockWorthKeeping } = await import('./queue.js');
    const kept = at(5_000, '2026-11-29T08:00:00.000Z');
    expect(clockWorthKeeping(null, kept)).toBe(true);
    expect(clockWorthKeeping(kept, at(5_900, '2026-11-29T08:00:30.000Z'))).toBe(false); // the header's grain
    expect(clockWorthKeeping(kept, at(3_000, '2026-11-29T08:00:30.000Z'))).toBe(true); // the clock was set
    expect(clockWorthKeeping(kept, at(5_000, '2026-11-29T08:05:00.000Z'))).toBe(true); // five minutes on
  });
});

describe('the device clock as last known, recorded with each scan (clock_offset_ms)', () => {
  it('a clock 10 days behind while scanning offline and set right before the send: every scan carries the offset it had, across a reload', async () => {
    const DAY = 86_400_000;
    const serverStart = Date.parse('2026-11-29T08:00:00.000Z');
    const behind = 10 * DAY;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(serverStart - behind); // the phone's clock, ten days slow
    document.cookie = 'XSRF-TOKEN=test';
    let online = true;
    const sends: { sent_at: string; scans: SyncScan[] }[] = [];
    // The server's clock runs with the device's from here on; only the device's is wrong (until it is set right).
    let deviceBehind = behind;
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      const headers = { 'content-type': 'application/json', date: new Date(Date.now() + deviceBehind).toUTCString() };
      if (url.includes('csrf-cookie')) return new Response(null, { status: 204, headers });
      if (url.includes('scans/sync')) {
        const body = JSON.parse(String(init!.body)) as { sent_at: string; scans: SyncScan[] };
        sends.push(body);
        return new Response(JSON.stringify({ data: body.scans.map(applied) }), { status: 200, headers });
      }
      return new Response(JSON.stringify({ data: { id: USER } }), { status: 200, headers });
    });
    /** A fresh page (a reload): every module anew, the same IndexedDB. */
    const load = async () => {
      vi.resetModules();
      return { http: await import('../providers/http.js'), queue: await import('./queue.js'), store: await import('./store.js'), sync: await import('./sync.js') };
    };
    const pages: Awaited<ReturnType<typeof load>>[] = [];
    // The sender's Web Lock, so the test can wait until the background sends (offline: they fail) have ended.
    let held: Promise<unknown> = Promise.resolve();
    const locks = { request: (_name: string, task: () => Promise<unknown>) => (held = held.then(task, task)) };
    const idle = async () => {
      for (let last = held; ; last = held) {
        await last.catch(() => undefined);
        if (last === held) return;
      }
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      vi.stubGlobal('fetch', fetch);
      const first = await load();
      pages.push(first);
      // Online: an answer of the server tells the device how far its clock is off.
      await first.http.api('user');
      // Offline: two scans, an hour apart.
      online = false;
      const a = await first.queue.recordScan({ userId: USER, screen: 'warehouse', barcode: 'BC-A', action: 'check-in' });
      vi.setSystemTime(Date.now() + 3_600_000);
      const b = await first.queue.recordScan({ userId: USER, screen: 'warehouse', barcode: 'BC-B', action: 'check-in' });
      await idle();
      first.queue.startQueue(USER).stop();
      // A reload with no network: what the device knew of its clock is still there for the next scan.
      vi.setSystemTime(Date.now() + 3_600_000);
      const second = await load();
      pages.push(second);
      const c = await second.queue.recordScan({ userId: USER, screen: 'warehouse', barcode: 'BC-C', action: 'check-in' });
      await idle();
      second.queue.startQueue(USER).stop();
      for (const s of [a, b, c]) {
        expect(Math.abs(s.clock_offset_ms! - behind), s.barcode).toBeLessThanOrEqual(1_000);
        expect(Number.isInteger(s.clock_offset_ms)).toBe(true);
      }
      // The network comes back and the phone takes network time at that moment, before the queue is sent.
      vi.setSystemTime(Date.now() + behind);
      deviceBehind = 0;
      online = true;
      expect(await second.sync.drainQueue(USER, second.sync.sendBatch)).toBe(3);
      expect(sends).toHaveLength(1);
      const [send] = sends;
      // The send's clock is right (the offset at the send is 0), and each scan carries the offset it was made with.
      expect(Math.abs(Date.parse(send!.sent_at) - Date.now())).toBeLessThan(1_000);
      expect(send!.scans.map((s) => s.barcode)).toEqual(['BC-A', 'BC-B', 'BC-C']);
      for (const s of send!.scans) expect(Math.abs(s.clock_offset_ms! - behind)).toBeLessThanOrEqual(1_000);
      // So the server corrects each device time to the real one: 2026-11-29 08:00, 09:00, 10:00.
      expect(send!.scans.map((s) => Math.round((Date.parse(s.occurred_at) + s.clock_offset_ms!) / 60_000) * 60_000)).toEqual([0, 1, 2].map((h) => serverStart + h * 3_600_000));
      // Answers after the clock was set right tell it so: a new scan carries no offset beyond a second.
      const d = await second.queue.recordScan({ userId: USER, screen: 'warehouse', barcode: 'BC-D', action: 'check-in' });
      expect(Math.abs(d.clock_offset_ms!)).toBeLessThanOrEqual(1_000);
    } finally {
      for (const page of pages) page.queue.startQueue(USER).stop();
      Reflect.deleteProperty(navigator, 'locks');
      vi.unstubAllGlobals();
      vi.useRealTimers();
    }
  });

  it('a device that never had an answer records no offset (the server then takes the send\'s)', async () => {
    const [s] = await record(1);
    expect(toWire(s!)).not.toHaveProperty('clock_offset_ms');
    const { send, batches } = server();
    await drainQueue(USER, send);
    expect(batches[0]![0]).not.toHaveProperty('clock_offset_ms');
    expect(toWire({ ...s!, clock_offset_ms: 864_000_000, clock_observed_at: 'x' })).toMatchObject({ clock_offset_ms: 864_000_000 });
    expect(toWire({ ...s!, clock_offset_ms: 864_000_000, clock_observed_at: 'x' })).not.toHaveProperty('clock_observed_at');
  });
});

describe('scan lines', () => {
  const t = (key: string, params: Record<string, unknown> = {}) => `${key}${JSON.stringify(params)}`;
  const label = (status: number) => `status ${status}`;

  it('queued: what the device knew of the package, or that the server decides', () => {
    expect(scanLine(scan(1, { known: { shipment_name: 'ORD-9' } }), t, label)).toMatchObject({
      queued: true,
      text: 'screens.ops.offline.line_known{"action":"screens.ops.actions.pickup{}","shipment":"ORD-9"}',
    });
    expect(scanLine(scan(1), t, label)).toMatchObject({ queued: true, text: 'screens.ops.offline.line_unknown{"action":"screens.ops.actions.pickup{}"}' });
  });

  it('applied: the package’s new status; refused: the server’s message in the user’s language and the advice for its code', () => {
    const done = scanLine(scan(1, { outcome: { client_id: 'x', result: 'applied', package: { id: 1, barcode: 'BC1', status: 50 } } }), t, label);
    expect(done).toMatchObject({ ok: true, text: 'status 50' });
    expect(done.queued).toBeUndefined();
    const refused = scanLine(scan(1, { outcome: { client_id: 'x', result: 'refused', code: 'package.already_picked_up', message: 'Someone else has it.' } }), t, label);
    expect(refused).toMatchObject({ ok: false, text: 'Someone else has it.', hint: 'screens.ops.hints.someone_else{}' });
  });

});
