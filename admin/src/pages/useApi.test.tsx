/**
 * useApiGet's live refetches: a change elsewhere refetches at once, quietly; a burst of changes within LIVE_RELOAD_MS
 * refetches once more at the end of that second, not once per change (each would abort the read before it).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { api } from '../providers/http.js';
import { emitLiveChange } from '../live/liveConnection.js';
import { LIVE_RELOAD_MS, useApiGet } from './useApi.js';

vi.mock('../providers/http.js', async (original) => ({
  ...(await original<typeof import('../providers/http.js')>()),
  api: vi.fn(async () => ({ data: 1 })),
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(api).mockClear();
});

/** Lets timers due within `ms` run, and the renders and effects they cause (whose own timers then run too). */
async function pass(ms = 10) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(1));
}

describe('useApiGet live refetches', () => {
  it('refetch at once, then at most once per LIVE_RELOAD_MS, the last change never dropped', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useApiGet<{ data: number }>('dashboard/rates', { live: ['packages'] }));
    await pass();
    expect(api).toHaveBeenCalledTimes(1);
    expect(result.current.loading).toBe(false);

    act(() => emitLiveChange({ resource: 'packages', ids: [1] }));
    await pass();
    expect(api).toHaveBeenCalledTimes(2); // the first change: at once
    expect(result.current.loading).toBe(false); // quietly: the data shown stays

    for (const id of [2, 3, 4]) {
      act(() => emitLiveChange({ resource: 'packages', ids: [id] }));
      await pass(100);
    }
    expect(api).toHaveBeenCalledTimes(2); // the burst waits for the second to end
    await pass(LIVE_RELOAD_MS);
    expect(api).toHaveBeenCalledTimes(3); // one refetch for the whole burst

    act(() => emitLiveChange({ resource: 'shipments', ids: [9] }));
    await pass(LIVE_RELOAD_MS * 2);
    expect(api).toHaveBeenCalledTimes(3); // a resource it does not follow
  });
});
