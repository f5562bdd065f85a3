/**
 * Runs the scheduled passes inside the server process on an interval (started by api/main.ts, not by
 * buildApp, so tests stay deterministic and call the passes with their own clock). Passes never
 * overlap within a process; across processes the passes' compare-and-set claims keep work single.
 */
import type { FastifyInstance } from 'fastify';
import { runPackagePass } from './package-expiry.job.js';

export const DEFAULT_INTERVAL_MS = 60_000;

export function startScheduler(app: FastifyInstance, intervalMs = Number(process.env.JOBS_INTERVAL_MS ?? DEFAULT_INTERVAL_MS)): () => void {
  let running = false;
  const tick = async () => {
    if (running || !app.server.listening) return;
    running = true;
    try {
      const result = await runPackagePass(app.db, app.dialect, app.clock.now());
      if (result.expired || result.reminded) app.log.info({ job: 'packages', ...result }, 'scheduled pass');
    } catch (error) {
      app.log.error({ err: error, job: 'packages' }, 'scheduled pass failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
