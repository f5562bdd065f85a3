import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../providers/http.js';
import type { LiveResource } from '../../../core/live.js';
import { useLiveChanges } from '../live/useLive.js';

const NO_LIVE: readonly LiveResource[] = [];
/**
 * Live refetches of one fetch at most this often (the first at once, the last never dropped): changes arriving every
 * batch (250 ms) on a busy network would otherwise abort each read before it answers, and a screen would never update.
 */
export const LIVE_RELOAD_MS = 1_000;

/**
 * GETs an API path once (and again on `reload`); errors go to the global dialog. `live`: also again, quietly (the
 * data shown stays until the new answer, `loading` stays false), after a change of those resources elsewhere.
 * `transition`: the answer renders in a transition (in slices, the main thread free for taps between them), for a
 * screen that gets many answers at once (the dashboard's charts: one long task each otherwise).
 */
export function useApiGet<T>(path: string | null, req: { suppress?: readonly number[]; live?: readonly LiveResource[]; transition?: boolean } = {}) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [version, setVersion] = useState(0);
  const quiet = useRef(false);
  const suppress = req.suppress?.join(',');
  const transition = Boolean(req.transition);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    // Each request starts in a task of its own: starting a fetch costs a phone ~12 ms of main thread, and a screen
    // that asks eight at once (the dashboard's charts) held it for ~100 ms in one go (total blocking time).
    const started = new Promise<void>((resolve) => setTimeout(resolve, 0));
    started
      .then(() => {
        if (controller.signal.aborted) throw new DOMException('Aborted', 'AbortError');
        return api<T>(path, { suppress: suppress ? suppress.split(',').map(Number) : undefined, signal: controller.signal });
      })
      .then(
        (res) => ({ res, failure: null }),
        (e: unknown) => ({ res: undefined, failure: (e as Error)?.name === 'AbortError' ? undefined : e }),
      )
      .then(({ res, failure }) => {
        if (controller.signal.aborted) return;
        const settle = () => {
          if (failure === null) {
            setData(res);
            setError(null);
          } else if (failure !== undefined) setError(failure);
          setLoading(false);
        };
        if (transition) startTransition(settle);
        else settle();
      });
    return () => controller.abort();
  }, [path, suppress, version, transition]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const liveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const liveAt = useRef(0);
  useLiveChanges(req.live ?? NO_LIVE, () => {
    if (liveTimer.current) return;
    liveTimer.current = setTimeout(() => {
      liveTimer.current = undefined;
      liveAt.current = Date.now();
      quiet.current = true;
      reload();
    }, Math.max(0, liveAt.current + LIVE_RELOAD_MS - Date.now()));
  });
  useEffect(() => () => clearTimeout(liveTimer.current), []);
  return { data, error, loading, reload };
}
