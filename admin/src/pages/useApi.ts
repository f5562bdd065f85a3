import { useCallback, useEffect, useState } from 'react';
import { api } from '../providers/http.js';

/** GETs an API path once (and again on `reload`); errors go to the global dialog. */
export function useApiGet<T>(path: string | null, req: { suppress?: readonly number[] } = {}) {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [version, setVersion] = useState(0);
  const suppress = req.suppress?.join(',');

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setLoading(true);
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
  return { data, error, loading, reload };
}
