/**
 * Keyboard-wedge detection. A barcode scanner "types" its code as a burst of keystrokes a few
 * milliseconds apart, ending with Enter; people type far slower. The detector gets every key with its
 * time and reports a scan when Enter closes a burst that was long enough and fast enough.
 */
export interface WedgeOptions {
  /** Longest pause between two keys of one scan (ms). */
  maxGapMs?: number;
  /** Shortest code a scanner sends. */
  minLength?: number;
}

export const WEDGE_DEFAULTS: Required<WedgeOptions> = { maxGapMs: 50, minLength: 4 };

export type WedgeVerdict = { kind: 'none' } | { kind: 'scan'; code: string };

export class WedgeDetector {
  private buffer = '';
  private last = -Infinity;
  private readonly options: Required<WedgeOptions>;

  constructor(options: WedgeOptions = {}) {
    this.options = { ...WEDGE_DEFAULTS, ...options };
  }

  /** Feeds one key (KeyboardEvent.key) pressed at `time` ms. */
  push(key: string, time: number): WedgeVerdict {
    const gap = time - this.last;
    this.last = time;
    if (key === 'Enter') {
      const code = this.buffer;
      this.buffer = '';
      return gap <= this.options.maxGapMs && code.length >= this.options.minLength ? { kind: 'scan', code } : { kind: 'none' };
    }
    if (key.length !== 1) return { kind: 'none' }; // Shift, Tab, arrows...: not part of a code
    // A slow key starts a new burst: whatever came before was typed by hand.
    this.buffer = gap <= this.options.maxGapMs ? this.buffer + key : key;
    return { kind: 'none' };
  }

  /** True while the keys so far look like a scanner burst in progress. */
  get bursting(): boolean {
    return this.buffer.length > 1;
  }

  reset(): void {
    this.buffer = '';
    this.last = -Infinity;
  }
}

