import { describe, expect, it } from 'vitest';
import { workerGcFlags } from '../../api/worker-gc.js';

const CONCURRENT_MARKING_ONLY = ['--no-parallel-scavenge', '--no-parallel-compaction', '--no-parallel-pointer-update', '--max-semi-space-size=32'];

describe('workerGcFlags', () => {
  it('keeps concurrent marking but no parallel helpers, and a 32 MB young generation, when the workers fill the cores', () => {
    expect(workerGcFlags(2, {}, 2)).toEqual(CONCURRENT_MARKING_ONLY);
    expect(workerGcFlags(4, {}, 2)).toEqual(CONCURRENT_MARKING_ONLY);
  });
  it("keeps V8's parallel collector while cores are left over", () => {
    expect(workerGcFlags(2, {}, 8)).toEqual([]);
  });
  it('follows WORKER_GC', () => {
    expect(workerGcFlags(2, { WORKER_GC: 'parallel' }, 2)).toEqual([]);
    expect(workerGcFlags(2, { WORKER_GC: ' Single ' }, 8)).toEqual(['--single-threaded-gc']);
    expect(workerGcFlags(2, { WORKER_GC: 'concurrent' }, 8)).toEqual(CONCURRENT_MARKING_ONLY);
  });
  it('gives flags this Node accepts', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(execFileSync(process.execPath, [...CONCURRENT_MARKING_ONLY, '-e', 'process.stdout.write("ok")']).toString()).toBe('ok');
  });
});
