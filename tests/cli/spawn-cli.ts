/** Runs the real `lockerline` bin (cli/bin.mjs) as a child process, in English unless the caller says otherwise. */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'cli/bin.mjs');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function spawnCli(args: string[], options: { cwd?: string; env?: Record<string, string>; stdin?: string } = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', LOCKERLINE_LOCALE: 'en', ...options.env };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}
