/**
 * The background loop shared by the delivery worker and the campaign scheduler: one pass at a time,
 * the next one right away while a pass comes back full, else after `intervalMs`. The timer does not
 * keep the process alive; a failed pass is reported and the loop goes on.
 */
export interface PassLoop<R> {
  /** Runs a pass now (waits for a running one first). */
  runNow(): Promise<R>;
  /** Stops the loop and waits for the current pass. */
  stop(): Promise<void>;
}

export interface PassLoopOptions<R> {
  runPass: () => Promise<R>;
  intervalMs: number;
  /** True when the pass hit its limit, so more work is likely waiting. */
  isFull: (result: R) => boolean;
  onError: (error: Error) => void;
}

export function startPassLoop<R>({ runPass, intervalMs, isFull, onError }: PassLoopOptions<R>): PassLoop<R> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<R> | null = null;

  const pass = (): Promise<R> => {
    if (running) return running.then(() => pass());
    running = runPass().finally(() => {
      running = null;
    });
    return running;
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      let full = false;
      try {
        full = isFull(await pass());
      } catch (error) {
        onError(error as Error);
      }
      schedule(full ? 0 : intervalMs);
    }, delay);
    timer.unref();
  };
  schedule(0);

  return {
    runNow: pass,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
