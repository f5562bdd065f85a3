/** A busy flag around back-office API calls whose errors the global error dialog already explains. */
import { useState } from 'react';

export function useBusy() {
  const [busy, setBusy] = useState(false);

  /** Runs `task` with the flag set; a failure is swallowed (the error dialog has shown it). */
  const whileBusy = async (task: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    try {
      await task();
    } catch {
      /* the global error dialog explains */
    } finally {
      setBusy(false);
    }
  };

  return [busy, whileBusy] as const;
}
