/**
 * A busy flag around back-office verbs whose errors the global error dialog already explains. Each task
 * runs as a react-query mutation; the flag is the mutation's pending state.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';

export function useBusy() {
  const { mutateAsync, isPending: busy } = useMutation({ mutationFn: (task: () => Promise<unknown>) => task() });

  /** Runs `task` with the flag set; a failure is swallowed (the error dialog has shown it). */
  const whileBusy = useCallback(
    async (task: () => Promise<unknown>): Promise<void> => {
      try {
        await mutateAsync(task);
      } catch {
        /* the global error dialog explains */
      }
    },
    [mutateAsync],
  );

  return [busy, whileBusy] as const;
}
