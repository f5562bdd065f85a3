/**
 * V8 flags for the cluster's HTTP workers (WEB_CONCURRENCY, api/main.ts).
 *
 * V8 collects garbage with helper threads by default. When the workers alone are as many as the machine's cores, those
 * helpers have no idle core to run on: a worker's young-generation collection waits for threads that the other worker
 * (or the database) holds, and a 1 ms pause becomes 10-20 ms for every request queued behind it. So with as many
 * workers as cores or more, each worker:
 * - does its stop-the-world work (young-generation scavenges, compaction, pointer updates) on its own thread;
 * - keeps concurrent marking: one background thread marks the old generation while requests run. Without it
 *   (`--single-threaded-gc`) the marking ran in 20-40 ms steps on the main thread, and each old-generation collection
 *   was a burst of slow answers;
 * - has a 32 MB young generation (semi-space; V8's default is 16 MB): half the scavenges, and fewer short-lived request
 *   objects promoted to the old generation, so old-generation collections come less often.
 * Measured with the list bench on two cores and two workers (docs/testing.md "2026-11-29 evening"). WORKER_GC=parallel
 * keeps V8's default, WORKER_GC=single uses `--single-threaded-gc` (the previous choice), WORKER_GC=concurrent forces
 * these flags at any count.
 */
import { availableParallelism } from 'node:os';

const CONCURRENT_MARKING_ONLY = ['--no-parallel-scavenge', '--no-parallel-compaction', '--no-parallel-pointer-update', '--max-semi-space-size=32'];

export function workerGcFlags(workers: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): string[] {
  const choice = env.WORKER_GC?.trim().toLowerCase();
  if (choice === 'parallel') return [];
  if (choice === 'single') return ['--single-threaded-gc'];
  if (choice === 'concurrent' || workers >= cores) return [...CONCURRENT_MARKING_ONLY];
  return [];
}
