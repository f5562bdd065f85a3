/** Finds Debian's Chromium and launches it headless with a fresh profile (playwright-core). */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { missingTool } from '../required-tools.js';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path));
}

/** Why the e2e suite cannot run here, or undefined when it can. */
export function missingChromiumReason(): string | undefined {
  if (chromiumPath()) return undefined;
  return `e2e skipped: no Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

/** The reason to skip the e2e suite (printed), or undefined; in CI a missing Chromium throws instead. */
export const e2eSkipReason = (): string | undefined => missingTool(missingChromiumReason());

/** Playwright's launch() gives every browser a fresh temporary user-data-dir, removed on close. */
export function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error(missingChromiumReason());
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
