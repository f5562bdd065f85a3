import { lazy, type ComponentType } from 'react';

/**
 * What the browsers say when a dynamically imported chunk is gone (Chromium, Firefox, Safari, Vite's CSS
 * preload): after a redeploy the chunk names of a page loaded before it no longer exist.
 */
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i;

export const isStaleChunkError = (error: unknown) => STALE_CHUNK.test(String((error as { message?: unknown } | null)?.message ?? ''));

const RELOAD_KEY = 'lockerline.chunk-reload';
/** A reload for a missing chunk happens at most once a minute per tab: a chunk still missing after it is an error. */
const RELOAD_GUARD_MS = 60_000;

export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
}

const browser: ReloadEnv = {
  // sessionStorage read when used: touching it can throw (storage disabled), which reloadOnce handles.
  storage: { getItem: (key) => sessionStorage.getItem(key), setItem: (key, value) => sessionStorage.setItem(key, value) },
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** Reloads the page unless this tab did so for a missing chunk within the last minute; true when it did. */
function reloadOnce(env: ReloadEnv): boolean {
  try {
    const last = Number(env.storage.getItem(RELOAD_KEY));
    if (last && env.now() - last < RELOAD_GUARD_MS) return false;
    env.storage.setItem(RELOAD_KEY, String(env.now()));
  } catch {
    return false; // no storage, no loop guard: show the error instead
  }
  env.reload();
  return true;
}

/**
 * Runs a dynamic import. When its chunk is gone (the app was redeployed since this page loaded) the page
 * reloads once to fetch the new build, and the promise never settles meanwhile (the loading state stays);
 * any other failure, or a chunk still missing after that reload, rejects: the error page shows it.
 */
export async function loadChunk<T>(load: () => Promise<T>, env: ReloadEnv = browser): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isStaleChunkError(error) && reloadOnce(env)) return new Promise<T>(() => undefined);
    throw error;
  }
}

/**
 * A screen loaded on first use (DESIGN.md section 7: the initial bundle stays small), through loadChunk.
 * react-admin's Layout wraps pages in <Suspense>, so lazy screens need no extra boundary.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await loadChunk(load))[name] as ScreenOf<M[K]> }));
}

/** The export's own props (e.g. the import wizard's `step`), or none. */
type ScreenOf<C> = C extends ComponentType<infer P> ? ComponentType<P> : ComponentType;
