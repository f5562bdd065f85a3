/**
 * A busy flag around back-office verbs whose errors the global error dialog already explains. Each task
 * runs as a react-query mutation; the flag is the mutation's pending state. One task at a time: a second start while
 * one runs is dropped (a double click fires twice before React disables the button).
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

export function useBusy() {
  const { mutateAsync, isPending: busy } = useMutation({ mutationFn: (task: () => Promise<unknown>) => task() });

  const running = useRef(false);
  /** Runs `task` with the flag set; a failure is swallowed (the error dialog has shown it). */
  const whileBusy = useCallback(
    async (task: () => Promise<unknown>): Promise<void> => {
      if (running.current) return;
      running.current = true;
      try {
        await mutateAsync(task);
      } catch {
        /* the global error dialog explains */
      } finally {
        running.current = false;
      }
    },
    [mutateAsync],
  );

  return [busy, whileBusy] as const;
}
