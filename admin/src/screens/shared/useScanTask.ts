/**
 * Busy flag, the last problem (with its advice) and error feedback around one screen's API calls. Each
 * task (a lookup, a verb) runs as a react-query mutation; its refusal is explained on the screen.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { vibrateError } from './feedback.js';
import { describeScanError, type ScanProblem } from './scanError.js';

/** What a screen says of a step that cannot be queued on the device while offline (docs/offline-scanning.md). */
export const needsConnection = (translate: (key: string) => string): ScanProblem => ({
  status: 0,
  message: translate('screens.ops.offline.needs_connection'),
  hint: translate('screens.ops.offline.needs_connection_hint'),
});

export function useScanTask() {
  const translate = useTranslate();
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  const { mutateAsync, isPending: busy } = useMutation({ mutationFn: (task: () => Promise<unknown>) => task() });

  /** Runs `task`; on failure vibrates, records the problem and resolves to undefined. */
  const run = useCallback(
    async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
      setProblem(null);
      try {
        return (await mutateAsync(task)) as T;
      } catch (error) {
        vibrateError();
        setProblem(describeScanError(error, translate));
        return undefined;
      }
    },
    [translate, mutateAsync],
  );

  const fail = useCallback((next: ScanProblem) => {
    vibrateError();
    setProblem(next);
  }, []);

  return { busy, problem, setProblem, fail, run, describe: (error: unknown) => describeScanError(error, translate) };
}
