/** A lazy screen whose chunk vanished in a redeploy reloads the page once; anything else reaches the error page. */
import { describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, loadChunk, type ReloadEnv } from './lazyScreen.js';

const CHROMIUM = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/BatchShow-Dx1.js');
const FIREFOX = new TypeError('error loading dynamically imported module: http://localhost/assets/BatchShow-Dx1.js');
const SAFARI = new TypeError('Importing a module script failed.');

function env(start = 1_000_000): ReloadEnv & { store: Map<string, string>; clock: { at: number } } {
  const store = new Map<string, string>();
  const clock = { at: start };
  return { store, clock, storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) }, reload: vi.fn(), now: () => clock.at };
}

/** Settled within a few ticks, or 'pending'. */
const settle = <T,>(promise: Promise<T>) =>
  Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);

describe('loadChunk', () => {
  it('recognises the browsers\' messages for a missing chunk, not other errors', () => {
    for (const error of [CHROMIUM, FIREFOX, SAFARI, new Error('Unable to preload CSS for /assets/x.css')]) expect(isStaleChunkError(error)).toBe(true);
    expect(isStaleChunkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });

  it('returns the module when it loads', async () => {
    const e = env();
    expect(await loadChunk(async () => ({ Screen: 1 }), e)).toEqual({ Screen: 1 });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once for a missing chunk and stays loading meanwhile', async () => {
    const e = env();
    expect(await settle(loadChunk(() => Promise.reject(CHROMIUM), e))).toBe('pending');
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again right after that reload (no loop): the error goes to the error page', async () => {
    const e = env();
    void loadChunk(() => Promise.reject(CHROMIUM), e);
    await settle(Promise.resolve());
    e.clock.at += 5_000; // the reloaded page asks for a chunk that is still missing
    expect(await settle(loadChunk(() => Promise.reject(FIREFOX), e))).toEqual({ error: FIREFOX });
    expect(e.reload).toHaveBeenCalledTimes(1);
    // A later redeploy, long after, may reload again.
    e.clock.at += 10 * 60_000;
    expect(await settle(loadChunk(() => Promise.reject(SAFARI), e))).toBe('pending');
    expect(e.reload).toHaveBeenCalledTimes(2);
  });

  it('rejects other errors at once, without reloading', async () => {
    const e = env();
    const bug = new Error('boom');
    expect(await settle(loadChunk(() => Promise.reject(bug), e))).toEqual({ error: bug });
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('does not reload when the tab has no storage for the guard', async () => {
    const e = { ...env(), storage: { getItem: () => { throw new Error('SecurityError'); }, setItem: () => undefined } };
    expect(await settle(loadChunk(() => Promise.reject(CHROMIUM), e))).toEqual({ error: CHROMIUM });
    expect(e.reload).not.toHaveBeenCalled();
  });
});
