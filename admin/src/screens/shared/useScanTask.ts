/** Busy flag, the last problem (with its advice) and error feedback around one screen's API calls. */
import { useCallback, useState } from 'react';
import { useTranslate } from 'react-admin';
import { vibrateError } from './feedback.js';
import { describeScanError, type ScanProblem } from './scanError.js';

export function useScanTask() {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ScanProblem | null>(null);

  /** Runs `task`; on failure vibrates, records the problem and resolves to undefined. */
  const run = useCallback(
    async <T,>(task: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setProblem(null);
      try {
        return await task();
      } catch (error) {
        vibrateError();
        setProblem(describeScanError(error, translate));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [translate],
  );

  const fail = useCallback((next: ScanProblem) => {
    vibrateError();
    setProblem(next);
  }, []);

  return { busy, problem, setProblem, fail, run, describe: (error: unknown) => describeScanError(error, translate) };
}
