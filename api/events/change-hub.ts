/**
 * One reader of the change log per API process (docs/live-updates.md "Processes"): while any stream is open it
 * reads the rows after the last one it handed out and hands them, in id order, to every open stream. It reads
 * - every POLL_MS (500 ms: the embedded default, where several WEB_CONCURRENCY workers share one SQLite file),
 * - at once after this process writes a live table (Db.watchWrites, after the commit),
 * - at once when PostgreSQL NOTIFYs `lockerline_changes` (migration 019's trigger; a dedicated connection per
 *   process, api/db/pg-listen.ts), which is how a change made by another process arrives without waiting.
 * A gap in the ids (PostgreSQL: a transaction holding id 11 commits after the one holding 12, or rolled back) holds
 * the rows after it for up to GAP_WAIT_MS, so streams see ids in order and a resume point never skips a row.
 * Old rows are pruned once a minute. No module state: each app (tests build many) has its own hub.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { Db } from '../db/database.js';
import { LIVE_LIMITS, isLiveResource } from '../../core/live.js';
import { CHANGE_CHANNEL, changesAfter, lastChangeId, pruneChanges, type ChangeRow } from './change-log.js';

const POLL_MS = 500;
const GAP_WAIT_MS = 1_000;
const PRUNE_EVERY_MS = 60_000;
const BATCH = 1_000;

/** A stream's side: takes each batch (in id order); the hub waits for every listener before the next batch. */
export type ChangeListener = (rows: ChangeRow[], lastId: number) => Promise<void>;

export class ChangeHub {
  /** The last id handed out. */
  cursor = 0;
  private listeners = new Set<ChangeListener>();
  private started: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private again = false;
  private gapSince: number | undefined;
  private lastPrune = 0;
  private stops: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly database: Pick<Db, 'db' | 'watchWrites' | 'afterCommit' | 'listen'>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  private get db(): Kysely<Database> {
    return this.database.db;
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Starts reading (once): the cursor begins at the newest row, so a new stream hears of changes from now on. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.cursor = await lastChangeId(this.db);
      const wake = () => this.wake();
      const afterCommit = this.database.afterCommit ?? queueMicrotask;
      const unwatch = this.database.watchWrites?.((table) => (table === undefined || isLiveResource(table) ? afterCommit(wake) : undefined));
      if (unwatch) this.stops.push(unwatch);
      const unlisten = this.database.listen?.(CHANGE_CHANNEL, wake, this.onError);
      if (unlisten) this.stops.push(unlisten);
      this.timer = setInterval(wake, POLL_MS);
      this.timer.unref();
    })();
    return this.started;
  }

  /**
   * Adds a listener; returns the cursor at that moment: the listener hears of every row after it and of none
   * before (both happen in the same tick, between two batches).
   */
  subscribe(listener: ChangeListener): { from: number; unsubscribe: () => void } {
    this.listeners.add(listener);
    return { from: this.cursor, unsubscribe: () => this.listeners.delete(listener) };
  }

  /** Reads now (or right after the read in progress). */
  wake(): void {
    if (this.closed || !this.started) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.read()
      .catch(this.onError)
      .finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Waits for the read in progress (tests, close). */
  async settle(): Promise<void> {
    while (this.reading) await this.reading;
  }

  private async read(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await pruneChanges(this.db, LIVE_LIMITS.retentionMs, now);
    }
    if (!this.listeners.size) {
      // Nobody listens: only follow the newest id (one index lookup), so a new stream starts from about now.
      const last = await lastChangeId(this.db);
      // A stream that joined during the lookup was promised every row after the cursor it got: read them for it.
      if (this.listeners.size) this.again = true;
      else this.cursor = Math.max(this.cursor, last);
      return;
    }
    for (;;) {
      const rows = await changesAfter(this.db, this.cursor, BATCH);
      const ready = this.inOrder(rows);
      if (ready.length) {
        const lastId = ready[ready.length - 1]!.id;
        this.cursor = lastId;
        await Promise.all([...this.listeners].map((listener) => listener(ready, lastId).catch(this.onError)));
      }
      if (ready.length < rows.length && this.gapSince !== undefined) {
        // Held behind a gap: look again soon (the timer's 500 ms would be late).
        setTimeout(() => this.wake(), 100).unref();
        return;
      }
      if (rows.length < BATCH) return;
    }
  }

  /** The rows that follow the cursor without a gap; a gap older than GAP_WAIT_MS is given up on. */
  private inOrder(rows: ChangeRow[]): ChangeRow[] {
    let expected = this.cursor + 1;
    let count = 0;
    for (const row of rows) {
      if (row.id !== expected) {
        const now = Date.now();
        this.gapSince ??= now;
        if (now - this.gapSince < GAP_WAIT_MS) break;
      }
      this.gapSince = undefined;
      expected = row.id + 1;
      count++;
    }
    if (count === rows.length) this.gapSince = undefined;
    return rows.slice(0, count);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
    this.listeners.clear();
    await this.settle();
  }
}
