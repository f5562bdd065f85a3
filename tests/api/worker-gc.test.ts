import { describe, expect, it } from 'vitest';
import { workerGcFlags } from '../../api/worker-gc.js';

describe('workerGcFlags', () => {
  it('collects on one thread when the workers fill the cores', () => {
    expect(workerGcFlags(2, {}, 2)).toEqual(['--single-threaded-gc']);
    expect(workerGcFlags(4, {}, 2)).toEqual(['--single-threaded-gc']);
  });
  it("keeps V8's parallel collector while cores are left over", () => {
    expect(workerGcFlags(2, {}, 8)).toEqual([]);
  });
  it('follows WORKER_GC', () => {
    expect(workerGcFlags(2, { WORKER_GC: 'parallel' }, 2)).toEqual([]);
    expect(workerGcFlags(2, { WORKER_GC: ' Single ' }, 8)).toEqual(['--single-threaded-gc']);
  });
});
