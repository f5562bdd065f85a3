/**
 * Runs the scheduled passes (package expiry and reminders, pruning synced scans, merging the search index's segments)
 * inside the server process on an interval (started by api/main.ts, not by
 * buildApp, so tests stay deterministic and call the passes with their own clock). Passes never
 * overlap within a process; across processes the passes' compare-and-set claims keep work single.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/tables.js';
import type { Dialect } from '../db/dialect.js';
import { runPackagePass } from './package-expiry.job.js';
import { pruneScanSyncs } from './scan-syncs.job.js';
import { mergeSearchIndex } from './search-index.job.js';

export interface SchedulerDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: (line: string) => void;
}

export const DEFAULT_INTERVAL_MS = 60_000;

export function startScheduler(deps: SchedulerDeps, intervalMs = Number(process.env.JOBS_INTERVAL_MS ?? DEFAULT_INTERVAL_MS)): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const pass = async (name: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      deps.log(`[${name}] scheduled pass failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const run = (passes: () => Promise<void>) => {
    if (running) return;
    running = passes().finally(() => (running = null));
  };
  const searchIndex = () => pass('search', () => mergeSearchIndex(deps.db, deps.dialect));
  const tick = () =>
    run(async () => {
      await pass('packages', async () => {
        const result = await runPackagePass(deps.db, deps.dialect, deps.clock.now());
        if (result.expired || result.reminded) deps.log(`[packages] scheduled pass: ${JSON.stringify(result)}`);
        await pruneScanSyncs(deps.db, deps.clock.now());
      });
      await searchIndex();
    });
  // The search index is merged at once too: a server started on a freshly imported database should not wait a minute.
  run(searchIndex);
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
