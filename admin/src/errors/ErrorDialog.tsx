import { useEffect, useState } from 'react';
import { useLogout } from 'react-admin';
import { onDemand } from '../layout/onDemand.js';
import { subscribeHttpErrors, type HttpErrorEvent } from './bus.js';

// Most sessions never show it: the dialog (MUI Dialog, the messages) is not part of the first screen (issue 11).
// It is fetched once the browser is idle, so that it is there when an error comes (even a network failure).
const loadView = () => import('./ErrorDialogView.js').then((m) => m.ErrorDialogView);
const ErrorDialogView = onDemand(loadView);

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 2000);
  return () => clearTimeout(id);
}

/**
 * The global HTTP error dialog (SPEC section 8). One instance lives in each layout; errors queue up
 * and show one at a time. 401 signs the user out instead.
 */
export function ErrorDialog() {
  const logout = useLogout();
  const [queue, setQueue] = useState<HttpErrorEvent[]>([]);
  useEffect(() => whenIdle(() => void loadView().catch(() => undefined)), []);

  useEffect(
    () =>
      subscribeHttpErrors((event) => {
        if (event.status === 401) {
          logout(undefined, '/signin', false);
          return;
        }
        setQueue((q) => [...q, event]);
      }),
    [logout],
  );

  const current = queue[0];
  if (!current) return null;
  return <ErrorDialogView error={current} onClose={() => setQueue((q) => q.slice(1))} />;
}
