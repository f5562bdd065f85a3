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
import { e2eSkipReason } from './chromium.js';
import { ROOT, spawnServer, stopProcess, waitUntilUp } from '../spawn-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the running server; empty when the suite is skipped. */
    baseUrl: string;
    /** Why the e2e tests are skipped, or empty. */
    skipReason: string;
  }
}

/** The real server on a temporary SQLite file with the demo data; stop() ends it and removes the file. */
export interface RunningProduct {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `node --import tsx api/main.ts` (which migrates and loads the demo data) on a temporary SQLite
 * file and a free port, and waits until it answers. Also used by `npm run bench:web`.
 */
export async function startProduct(): Promise<RunningProduct> {
  const dir = mkdtempSync(join(tmpdir(), 'lockerline-e2e-'));
  const { child, url: baseUrl, output } = await spawnServer({ SQLITE_FILE: join(dir, 'e2e.sqlite') });
  const stopAll = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(baseUrl, child, output);
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { baseUrl, stop: stopAll };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // In CI a missing Chromium throws here, failing the run instead of skipping it.
  const skip = e2eSkipReason();
  if (skip) {
    project.provide('baseUrl', '');
    project.provide('skipReason', skip);
    return;
  }
  if (!existsSync(join(ROOT, 'admin/dist/index.html'))) {
    throw new Error('e2e needs the built admin in admin/dist: run `npm run build` first (npm test does).');
  }
  const product = await startProduct();
  project.provide('baseUrl', product.baseUrl);
  project.provide('skipReason', '');
  return product.stop;
}
