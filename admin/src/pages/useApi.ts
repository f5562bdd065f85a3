import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../providers/http.js';
import type { LiveResource } from '../../../core/live.js';
import { useLiveChanges } from '../live/useLive.js';

const NO_LIVE: readonly LiveResource[] = [];

/**
 * GETs an API path once (and again on `reload`); errors go to the global dialog. `live`: also again, quietly (the
 * data shown stays until the new answer, `loading` stays false), after a change of those resources elsewhere.
 */
export function useApiGet<T>(path: string | null, req: { suppress?: readonly number[]; live?: readonly LiveResource[] } = {}) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [version, setVersion] = useState(0);
  const quiet = useRef(false);
  const suppress = req.suppress?.join(',');

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    if (!quiet.current) setLoading(true);
    quiet.current = false;
    api<T>(path, { suppress: suppress ? suppress.split(',').map(Number) : undefined, signal: controller.signal })
      .then((res) => {
        setData(res);
        setError(null);
      })
      .catch((e) => {
        if ((e as Error)?.name !== 'AbortError') setError(e);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, suppress, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useLiveChanges(req.live ?? NO_LIVE, () => {
    quiet.current = true;
    reload();
  });
  return { data, error, loading, reload };
}
