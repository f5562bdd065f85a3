/**
 * The load generator of the list bench: `wrk` (C, epoll; Debian package `wrk`) when installed, else autocannon
 * (JavaScript). On the 2-core reference machine the generator shares the cores with the server it measures: autocannon
 * spends several times wrk's CPU per request, which the server then waits for, so its figures carry the client's
 * queueing too. BENCH_CLIENT=autocannon (or wrk) picks one; each BENCH line says which (`client`) and what it cost
 * (`client_cpu_us` per request). docs/testing.md "Load generator".
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  paths: string[];
  cookie: string;
  connections: number;
  /** Seconds. */
  duration: number;
}

export interface LoadResult {
  p50_ms: number;
  p99_ms: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** The generator's own CPU per request, in microseconds. */
  client_cpu_us: number;
  status_codes?: Record<string, number>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const SCRIPT = resolve(import.meta.dirname, 'wrk-rotate.lua');

function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its usage and exits 1 on --version: installed all the same.
    return (error as { status?: number }).status === 1;
  }
}

/** The generator this run uses: BENCH_CLIENT, else wrk when installed. */
export function loadClient(): 'wrk' | 'autocannon' {
  const asked = process.env.BENCH_CLIENT;
  if (asked === 'wrk' || asked === 'autocannon') return asked;
  if (asked) throw new Error(`BENCH_CLIENT must be wrk or autocannon, got ${asked}`);
  return wrkInstalled() ? 'wrk' : 'autocannon';
}

/** Times of a shell's children (bash's `times`, second line): user + system seconds. */
function childSeconds(times: string): number {
  const line = times.trim().split('\n').at(-1) ?? '';
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
}

async function runWrk(options: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'lockerline-wrk-'));
  try {
    const pathsFile = join(dir, 'paths.txt');
    writeFileSync(pathsFile, options.paths.join('\n') + '\n');
    // One thread: 50 connections are far from what one wrk thread drives, and a second would take CPU from the server.
    const threads = Number(process.env.BENCH_CLIENT_THREADS) || 1;
    const command = `wrk -t${threads} -c${options.connections} -d${options.duration}s --timeout 10s -s "$WRK_SCRIPT" "$WRK_URL"; times`;
    const output = await new Promise<string>((done, fail) => {
      const child = spawn('bash', ['-c', command], {
        env: { ...process.env, WRK_SCRIPT: SCRIPT, WRK_URL: options.url, PATHS_FILE: pathsFile, COOKIE: options.cookie },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('error', fail);
      child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`wrk exited with ${code}:\n${out}`))));
    });
    const line = output.split('\n').find((l) => l.startsWith('WRK '));
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const figures = JSON.parse(line.slice(4)) as { p50_us: number; p99_us: number; requests: number; duration_us: number; non2xx: number; errors: number };
    const seconds = figures.duration_us / 1e6;
    const cpu = childSeconds(output.slice(output.indexOf(line) + line.length));
    return {
      p50_ms: round(figures.p50_us / 1000),
      p99_ms: round(figures.p99_us / 1000),
      rps: round(figures.requests / seconds, 0),
      requests: figures.requests,
      non2xx: figures.non2xx,
      errors: figures.errors,
      seconds: round(seconds, 1),
      client_cpu_us: figures.requests ? Math.round((cpu * 1e6) / figures.requests) : 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.duration,
    headers: { cookie: options.cookie },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] }) }],
  });
  const used = process.cpuUsage(cpu);
  return {
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    rps: round(result.requests.average, 0),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: round(result.duration, 1),
    client_cpu_us: result.requests.total ? Math.round((used.user + used.system) / result.requests.total) : 0,
    ...(result.non2xx ? { status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])) } : {}),
  };
}

/** Requests `paths` in rotation over `connections` connections for `duration` seconds with the chosen generator. */
export function runLoad(options: LoadOptions, client = loadClient()): Promise<LoadResult> {
  return client === 'wrk' ? runWrk(options) : runAutocannon(options);
}
