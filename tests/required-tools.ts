/**
 * Tools some suites need (Chromium, pdftoppm, zbarimg). Outside CI a missing tool skips those tests with
 * the reason printed; in CI (env CI=true or 1) a missing tool is a failure, so a broken machine cannot
 * turn the e2e or label suites green by skipping them.
 */
import { spawnSync } from 'node:child_process';

export const inCi = (): boolean => ['true', '1'].includes((process.env.CI ?? '').toLowerCase());

/** True when `bin` is on PATH. */
export const hasBinary = (bin: string): boolean => spawnSync('which', [bin]).status === 0;

/**
 * Reports a missing tool: throws in CI, otherwise prints the reason and returns it (the caller skips).
 * Returns undefined when nothing is missing.
 */
export function missingTool(reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  if (inCi()) throw new Error(`${reason} (CI=${process.env.CI}: a missing tool fails the run instead of skipping)`);
  console.warn(reason);
  return reason;
}
