/** The log of a continuous scanning mode (quick check-in, quick pickup, consolidation) and its one-call-per-scan runner. */
import { useScanLog } from '../scan/ScanLog.js';
import { beep, vibrateError } from './feedback.js';
import type { ScanProblem } from './scanError.js';

export function useLoggedScans(describe: (error: unknown) => ScanProblem) {
  const log = useScanLog();

  /** Runs one scan's call; adds one log line for its result (its text, or the problem with a vibration and a low beep). */
  const logged = async (code: string, task: () => Promise<string>, onOk: () => void = () => beep('ok')) => {
    try {
      const text = await task();
      onOk();
      log.add({ code, ok: true, text });
    } catch (error) {
      const p = describe(error);
      vibrateError();
      beep('error');
      log.add({ code, ok: false, text: p.message, hint: p.hint });
    }
  };

  return { ...log, logged };
}
