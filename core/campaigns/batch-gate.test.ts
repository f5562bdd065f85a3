import { describe, expect, it } from 'vitest';
import { BATCH_STATUS } from '../statuses.js';
import { batchStatusRefusal } from './batch-gate.js';

describe('batch status gate of item verbs', () => {
  it('notifies only in a running batch, restarts in any batch but a completed one', () => {
    const verdicts = (verb: 'notify' | 'restart') => Object.values(BATCH_STATUS).map((status) => batchStatusRefusal(verb, status));
    // BATCH_STATUS order: draft, paused, running, completed.
    expect(Object.values(BATCH_STATUS)).toEqual([0, 25, 50, 100]);
    expect(verdicts('notify')).toEqual(['batch_item.batch_not_running', 'batch_item.batch_not_running', null, 'batch_item.batch_not_running']);
    expect(verdicts('restart')).toEqual([null, null, null, 'batch_item.batch_not_running']);
  });
});
