/**
 * Device feedback for scanning (SPEC section 8): vibration of 300 ms on an error, a distinct pattern on
 * consolidation, and a short beep (WebAudio) for each quick check-in. Every call is a no-op where the
 * device lacks the API, so screens can call them unconditionally.
 */
export const ERROR_VIBRATION = 300;
export const CONSOLIDATION_VIBRATION = [80, 60, 80, 60, 80];

function vibrate(pattern: number | number[]): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  } catch {
    /* vibration is a courtesy */
  }
}

export const vibrateError = () => vibrate(ERROR_VIBRATION);
export const vibrateConsolidation = () => vibrate(CONSOLIDATION_VIBRATION);

let audio: AudioContext | null = null;

/** A short tone: high for success, low for a refusal. */
export function beep(kind: 'ok' | 'error' = 'ok'): void {
  try {
    const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    audio ??= new Ctor();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = kind === 'ok' ? 1320 : 330;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    const start = audio.currentTime;
    oscillator.start(start);
    oscillator.stop(start + (kind === 'ok' ? 0.09 : 0.2));
  } catch {
    /* sound is a courtesy */
  }
}
