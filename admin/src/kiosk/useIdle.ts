/**
 * Calls `onIdle` once the kiosk has had no touch, click or key for `seconds` (core KIOSK_IDLE_SECONDS), while `active`.
 * Any of those restarts the wait. Used to sign a forgotten courier out and to clear a "door is open" screen.
 */
import { useEffect, useRef } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'input'] as const;

export function useIdle(seconds: number, onIdle: () => void, active = true): void {
  const latest = useRef(onIdle);
  latest.current = onIdle;
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => latest.current(), seconds * 1000);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), seconds * 1000);
    };
    for (const kind of ACTIVITY) window.addEventListener(kind, restart, true);
    return () => {
      clearTimeout(timer);
      for (const kind of ACTIVITY) window.removeEventListener(kind, restart, true);
    };
  }, [seconds, active]);
}
