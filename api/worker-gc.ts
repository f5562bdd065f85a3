/**
 * V8 flags for the cluster's HTTP workers (WEB_CONCURRENCY, api/main.ts).
 *
 * V8 collects garbage with helper threads by default. When the workers alone are as many as the machine's cores, those
 * helpers have no idle core to run on: a worker's young-generation collection waits for threads that the other worker
 * (or the database) holds, and a 1 ms pause becomes 10-20 ms for every request queued behind it. So with as many
 * workers as cores or more, each worker collects on its own thread (`--single-threaded-gc`); measured with the list
 * bench on two cores and two workers, the p99 at 2,000 req/s fell from 13-59 ms to 5-15 ms at the same req/s
 * (docs/testing.md). WORKER_GC=parallel keeps V8's default, WORKER_GC=single forces the flag at any count.
 */
import { availableParallelism } from 'node:os';

export function workerGcFlags(workers: number, env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): string[] {
  const choice = env.WORKER_GC?.trim().toLowerCase();
  if (choice === 'parallel') return [];
  if (choice === 'single' || workers >= cores) return ['--single-threaded-gc'];
  return [];
}
