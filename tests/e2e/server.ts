/**
 * Vitest global setup of the e2e project: starts the real server (`tsx api/main.ts`, which migrates
 * and loads the demo data into an empty database) on a temporary SQLite file and a free port, waits
 * until it answers, provides its address to the tests, and stops it afterwards. Builds nothing: the
 * admin must already be in admin/dist (`npm test` runs `npm run build` before vitest).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { e2eSkipReason } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the running server; empty when the suite is skipped. */
    baseUrl: string;
    /** Why the e2e tests are skipped, or empty. */
    skipReason: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/csrf-cookie`);
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer on ${url} within ${timeoutMs / 1000}s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
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

  const dir = mkdtempSync(join(tmpdir(), 'lockerline-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_FILE: join(dir, 'e2e.sqlite'),
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  try {
    await waitUntilUp(baseUrl, child, () => output);
  } catch (error) {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('skipReason', '');

  return async () => {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  };
}
