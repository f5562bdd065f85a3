/** A missing Chromium / pdftoppm / zbarimg skips outside CI and fails in CI (tests/required-tools.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasBinary, missingTool } from '../required-tools.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('required tools', () => {
  it('finds binaries on PATH and not made-up ones', () => {
    expect(hasBinary('node')).toBe(true);
    expect(hasBinary('lockerline-no-such-tool')).toBe(false);
  });

  it('skips with the reason outside CI, and reports nothing when nothing is missing', () => {
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(missingTool('no zbarimg')).toBe('no zbarimg');
    expect(warn).toHaveBeenCalledWith('no zbarimg');
    expect(missingTool(undefined)).toBeUndefined();
    warn.mockRestore();
  });

  it.each(['true', '1', 'TRUE'])('throws in CI (CI=%s) instead of skipping', (value) => {
    vi.stubEnv('CI', value);
    expect(() => missingTool('no Chromium at /usr/bin/chromium')).toThrow(/no Chromium.*fails the run instead of skipping/);
    expect(missingTool(undefined)).toBeUndefined();
  });
});
