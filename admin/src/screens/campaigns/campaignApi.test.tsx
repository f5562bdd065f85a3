/** The campaign verbs go through the dataProvider (one client): the paths, bodies and quiet statuses they send. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../providers/dataProvider.js';
import { checkEligibility, convertResponded, EXPECTED_REFUSALS, runBatchVerb, runItemVerb } from './campaignApi.js';

afterEach(() => vi.restoreAllMocks());

describe('campaign verbs on the dataProvider', () => {
  it('runs batch and item verbs with act; a bulk item run keeps the expected refusals quiet', async () => {
    const act = vi.spyOn(dataProvider, 'act').mockResolvedValue({ data: { id: 1 } });
    await runBatchVerb(dataProvider, 5, 'start');
    await runItemVerb(dataProvider, 9, 'notify');
    await runItemVerb(dataProvider, 9, 'convert', true);
    expect(act.mock.calls).toEqual([
      ['batches', 5, 'start'],
      ['batch_items', 9, 'notify', {}, {}],
      ['batch_items', 9, 'convert', {}, { quiet: EXPECTED_REFUSALS }],
    ]);
  });

  it('converts the responded items of a batch (all, or the given ids) and reads the answer', async () => {
    const answer = { converted: [{ id: 3, shipment_id: 30 }], cannot: [4], reasons: { 4: 'batch_item.not_responded' }, allOk: false };
    const act = vi.spyOn(dataProvider, 'act').mockResolvedValue({ data: answer as never });
    expect(await convertResponded(dataProvider, 2, [3, 4])).toEqual(answer);
    await convertResponded(dataProvider, 2);
    expect(act.mock.calls).toEqual([['batches', 2, 'convert-responded', { ids: [3, 4] }], ['batches', 2, 'convert-responded', {}]]);
  });

  it('asks which items allow a bulk verb with can, the ids as numbers', async () => {
    const verdict = { allOk: false, can: [1], cannot: [2], reasons: { 2: 'forbidden' } };
    const can = vi.spyOn(dataProvider, 'can').mockResolvedValue(verdict);
    expect(await checkEligibility(dataProvider, 'notify', ['1', 2])).toEqual(verdict);
    expect(can).toHaveBeenCalledWith('batch_items', 'notify', [1, 2]);
  });
});
