/**
 * Vitest global setup of the e2e project: starts the real server (`tsx api/main.ts`, which migrates
 * and loads the demo data into an empty database) on a temporary SQLite file and a free port, waits
 * until it answers, provides its address to the tests, and stops it afterwards. Builds nothing: the
 * admin must already be in admin/dist (`npm test` runs `npm run build` before vitest).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { missingChromiumReason } from './chromium.js';
import { ROOT, spawnServer, stopProcess, waitUntilUp } from '../spawn-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the running server; empty when the suite is skipped. */
    baseUrl: string;
    /** Why the e2e tests are skipped, or empty. */
    skipReason: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const skip = missingChromiumReason();
  if (skip) {
    console.warn(skip);
    project.provide('baseUrl', '');
    project.provide('skipReason', skip);
    return;
  }
  if (!existsSync(join(ROOT, 'admin/dist/index.html'))) {
    throw new Error('e2e needs the built admin in admin/dist: run `npm run build` first (npm test does).');
  }

  const dir = mkdtempSync(join(tmpdir(), 'lockerline-e2e-'));
  const { child, url: baseUrl, output } = await spawnServer({ SQLITE_FILE: join(dir, 'e2e.sqlite') });
  try {
    await waitUntilUp(baseUrl, child, output);
  } catch (error) {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('skipReason', '');

  return async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
}
