/**
 * `npm run bench`: seeds a large SQLite database, starts the real server on it, signs in through the API
 * and measures the list endpoints with wrk, or autocannon where wrk is not installed (load-client.ts; 50 connections,
 * ~10 s per scenario). Prints one line per
 * scenario, `BENCH {"name": ..., "p50_ms": ..., "p99_ms": ..., "rps": ...}`, so runs can be compared
 * (docs/testing.md). Environment: BENCH_PACKAGES (1,000,000), BENCH_SHIPMENTS (200,000), BENCH_DURATION
 * seconds (10), BENCH_CONNECTIONS (50), BENCH_DB (reuse an already seeded file), BENCH_KEEP=1 (keep the file),
 * BENCH_ONLY (comma-separated scenario names, `dashboard` for the dashboard scenarios, or `lists` for the list scenarios only: also skips the import bench
 * that `npm run bench` runs next; `events` alone skips this script, tests/bench/events-bench.ts runs it), BENCH_NODE_ARGS (extra node flags for the server, e.g. `--cpu-prof`),
 * BENCH_SERVER_LOG (a file for the server's output), BENCH_WORKERS (server processes, 2), BENCH_WARMUP (unreported seconds of load before each scenario, 2),
 * BENCH_RATE (2,000: each list scenario is also sent at this fixed rate and its latency printed as at_rate_*, timed
 * from when each request was due; rate-client.ts; 0 skips it), BENCH_DATABASE_URL (a PostgreSQL server: the same rows are copied into a throw-away database there and the list
 * scenarios run again on it, printed beside the SQLite ones; BENCH_PG_DB reuses a database kept by BENCH_KEEP=1), BENCH_RAW=0 (skips the raw SQL floor of each list scenario), BENCH_TIMELINE=<dir> (each at-rate run writes its answers there, one CSV per scenario).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadClient, runLoad } from './load-client.js';
import { runAtRate } from './rate-client.js';
import { machineProbe } from './machine-probe.js';
import { childPids, treeCpuMs } from './proc-stats.js';
import { listScenarios, nameSearchTerms, type ListScenario } from './list-scenarios.js';
import { runOperationsBench } from './operations-bench.js';
import { dashboardScenarios, measureDashboard } from './dashboard-bench.js';
import { captureStatements, runRaw, type RawTarget } from './raw-floor.js';
import { copySqliteToPostgres, createBenchDatabase, dropBenchDatabase } from './seed-postgres.js';
import { barcodePrefixes, seedLarge } from './seed-large.js';

const ROOT = resolve(import.meta.dirname, '../..');
const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw.replace(/[_,]/g, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return value;
};
const PACKAGES = num('BENCH_PACKAGES', 1_000_000);
const SHIPMENTS = num('BENCH_SHIPMENTS', 200_000);
const DURATION = num('BENCH_DURATION', 10);
const CONNECTIONS = num('BENCH_CONNECTIONS', 50);
/** Unreported seconds of load before each scenario (JIT and page cache warm-up); 0 turns it off. */
const WARMUP = process.env.BENCH_WARMUP === '0' ? 0 : num('BENCH_WARMUP', 2);
/** The fixed rate (req/s) at which each list scenario's latency is measured too (rate-client.ts); 0 skips it. */
const RATE = process.env.BENCH_RATE === '0' ? 0 : num('BENCH_RATE', 2_000);
/** A directory: each at-rate run writes its answers there (rate-client.ts `timeline`). */
const TIMELINE = process.env.BENCH_TIMELINE || undefined;
/** Server processes (WEB_CONCURRENCY of api/main.ts): 2 on the 2-core reference machine. */
const WORKERS = num('BENCH_WORKERS', 2);
const DEMO_PASSWORD = 'lockerline-demo';
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_ONLY=lists (or a list of scenario names) picks scenarios; empty runs them all. */
const selected = (name: string) =>
  !ONLY.length || ONLY.includes(name) || (ONLY.includes('lists') && name.startsWith('list-')) || (ONLY.includes('dashboard') && name.startsWith('dashboard-'));
/** Dashboards open at once in the dashboard scenarios (dashboard-bench.ts). */
const DASHBOARD_CONNECTIONS = num('BENCH_DASHBOARD_CONNECTIONS', 10);

const report = (fields: Record<string, unknown>) => console.log(`BENCH ${JSON.stringify(fields)}`);
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory in MB (Linux /proc) of a process and its children (cluster workers), peak when `peak` is set. */
function rssMb(pid: number | undefined, peak = false): number | undefined {
  if (!pid) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${peak ? 'VmHWM' : 'VmRSS'}:\\s+(\\d+)`).exec(status)?.[1];
    if (!kb) return undefined;
    return round(Number(kb) / 1024 + childPids(pid).reduce((sum, child) => sum + (rssMb(child, peak) ?? 0), 0), 1);
  } catch {
    return undefined;
  }
}

async function startServer(file: string, port: number, databaseUrl = ''): Promise<{ child: ChildProcess; url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', 'api/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SQLITE_FILE: file, DATABASE_URL: databaseUrl, LOG_REQUESTS: '0', NODE_ENV: 'development', WEB_CONCURRENCY: String(WORKERS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=<file> keeps everything the server prints (e.g. with BENCH_NODE_ARGS=--trace-gc).
  const log = process.env.BENCH_SERVER_LOG ? createWriteStream(process.env.BENCH_SERVER_LOG) : undefined;
  child.stdout?.on('data', (d) => (log?.write(d), (output = (output + d).slice(-10_000))));
  child.stderr?.on('data', (d) => (log?.write(d), (output = (output + d).slice(-10_000))));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/csrf-cookie`)).status < 500) return { child, url };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

/** Signs in like the SPA (csrf-cookie, then login with the XSRF header); returns the Cookie header. */
async function signIn(url: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}/api/csrf-cookie`));
  const xsrf = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: cookie() },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${email} answered ${res.status}: ${await res.text()}`);
  keep(res);
  return cookie();
}

type Measured = Record<string, unknown> & { rps?: number; p99_ms?: number };

async function measure(url: string, scenario: ListScenario, cookie: string, pid: number | undefined, extra: Record<string, unknown> = {}): Promise<Measured> {
  const probe = await fetch(url + scenario.paths[0], { headers: { cookie } });
  const body = (await probe.json()) as { meta?: { total?: number }; code?: string };
  if (probe.status !== 200) {
    const failed = { name: scenario.name, ...extra, error: `HTTP ${probe.status} ${body.code ?? ''}`.trim() };
    report(failed);
    return failed;
  }
  const client = loadClient();
  const run = (duration: number) => runLoad({ url, paths: scenario.paths, cookie, connections: CONNECTIONS, duration }, client);
  if (WARMUP) await run(WARMUP);
  const cpuBefore = treeCpuMs(pid);
  const result = await run(DURATION);
  const cpuUsed = cpuBefore === undefined ? undefined : (treeCpuMs(pid) ?? cpuBefore) - cpuBefore;
  // The latency at the bar's rate: the same paths sent at RATE req/s, timed from when each was due.
  const atRate = RATE ? await runAtRate({ url, paths: scenario.paths, cookie, connections: CONNECTIONS, rate: RATE, duration: DURATION, timeline: TIMELINE && join(TIMELINE, `${scenario.name}-${extra.db ?? 'sqlite'}.csv`) }) : undefined;
  return {
    name: scenario.name,
    ...extra,
    p50_ms: result.p50_ms,
    p99_ms: result.p99_ms,
    rps: result.rps,
    requests: result.requests,
    non2xx: result.non2xx,
    ...(result.status_codes ? { status_codes: result.status_codes } : {}),
    errors: result.errors,
    total_rows: body.meta?.total,
    seconds: result.seconds,
    rss_mb: rssMb(pid),
    // The server's CPU per answered request (all its processes): steadier than req/s on a machine shared with other work.
    ...(cpuUsed !== undefined && result.requests ? { server_cpu_us: Math.round((cpuUsed * 1000) / result.requests) } : {}),
    client,
    client_cpu_us: result.client_cpu_us,
    ...(atRate
      ? {
          at_rate: atRate.rate,
          at_rate_p50_ms: atRate.p50_ms,
          at_rate_p90_ms: atRate.p90_ms,
          at_rate_p99_ms: atRate.p99_ms,
          at_rate_max_ms: atRate.max_ms,
          at_rate_rps: atRate.rps,
          at_rate_client_cpu_us: atRate.client_cpu_us,
          ...(atRate.non2xx || atRate.errors ? { at_rate_non2xx: atRate.non2xx, at_rate_errors: atRate.errors } : {}),
        }
      : {}),
  };
}

const EMAILS: Record<ListScenario['as'], string> = { superadmin: 'superadmin@example.com', merchant: 'merchant.admin@example.com' };

/**
 * Signs in, runs the selected list scenarios on the server at `url` and, unless BENCH_RAW=0, the raw floor of
 * each (raw-floor.ts); prints one line per scenario and returns them by name.
 */
async function listBench(url: string, pid: number | undefined, target: RawTarget, file: string): Promise<Map<string, Measured>> {
  const cookies = { superadmin: await signIn(url, EMAILS.superadmin), merchant: await signIn(url, EMAILS.merchant) };
  const scenarios = await listScenarios(url, cookies, barcodePrefixes(file), nameSearchTerms(file), selected);
  const results = new Map<string, Measured>();
  for (const scenario of scenarios) {
    const measured = await measure(url, scenario, cookies[scenario.as], pid, { db: target.dialect });
    if (measured.rps && process.env.BENCH_RAW !== '0') {
      const statements = await captureStatements(target, scenario.paths, EMAILS[scenario.as]);
      const raw = await runRaw(target, statements, DURATION, { threads: WORKERS, connections: CONNECTIONS, poolSize: WORKERS * Number(process.env.PG_POOL_MAX ?? 10) });
      Object.assign(measured, { raw_p50_ms: raw.p50_ms, raw_p99_ms: raw.p99_ms, raw_rps: raw.rps, raw_over_api: round(raw.rps / measured.rps) });
    }
    report(measured);
    results.set(scenario.name, measured);
  }
  const first = results.get('list-shipments');
  const last = results.get('list-shipments-page400');
  if (first?.rps && last?.rps) {
    report({ name: 'deep-page-cost', db: target.dialect, page1_rps: first.rps, page400_rps: last.rps, page400_cost_over_page1: round(first.rps / last.rps) });
  }
  return results;
}

/** The dashboard scenarios (dashboard-bench.ts) on the server at `url`, one BENCH line each, with the load average. */
async function dashboardBench(url: string, dialect: RawTarget['dialect']): Promise<number> {
  const scenarios = dashboardScenarios().filter((s) => selected(s.name));
  if (!scenarios.length) return 0;
  const cookies = { superadmin: await signIn(url, EMAILS.superadmin), merchant: await signIn(url, EMAILS.merchant) };
  for (const scenario of scenarios) {
    const measured = await measureDashboard(url, scenario, cookies[scenario.as], { connections: DASHBOARD_CONNECTIONS, duration: DURATION, warmup: WARMUP });
    report({ ...measured, db: dialect, load_average: loadavg().map((n) => round(n)) });
  }
  return scenarios.length;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The same list scenarios on PostgreSQL (BENCH_DATABASE_URL), with the SQLite figures beside them. */
async function postgresBench(adminUrl: string, file: string, sqlite: Map<string, Measured>): Promise<void> {
  // BENCH_PG_DB: a database kept by an earlier run (BENCH_KEEP=1) with the same rows as BENCH_DB.
  const reuse = process.env.BENCH_PG_DB;
  const url = reuse || (await createBenchDatabase(adminUrl));
  try {
    if (!reuse) {
      const copied = await copySqliteToPostgres(file, url);
      report({ name: 'seed-postgres', seconds: round(copied.seconds, 1), rows: copied.rows });
    }
    const { child, url: server } = await startServer(file, await freePort(), url);
    try {
      const postgres = await listBench(server, child.pid, { dialect: 'postgres', location: url }, file);
      await dashboardBench(server, 'postgres');
      for (const [name, pgResult] of postgres) {
        const lite = sqlite.get(name);
        if (!lite?.rps || !pgResult.rps) continue;
        report({
          name: `compare-${name}`,
          sqlite_rps: lite.rps,
          postgres_rps: pgResult.rps,
          sqlite_p99_ms: lite.p99_ms,
          postgres_p99_ms: pgResult.p99_ms,
          sqlite_at_rate_p99_ms: lite.at_rate_p99_ms,
          postgres_at_rate_p99_ms: pgResult.at_rate_p99_ms,
          sqlite_over_postgres: round(lite.rps / pgResult.rps),
        });
      }
    } finally {
      await stopServer(child);
    }
  } finally {
    if (process.env.BENCH_KEEP === '1' || reuse) console.log(`bench: kept PostgreSQL database ${url} (BENCH_PG_DB=${url} reuses it)`);
    else await dropBenchDatabase(adminUrl, url);
  }
}

/** Benches of their own scripts that need no large database: BENCH_ONLY naming only these skips the seeding here. */
const ELSEWHERE = new Set(['events', 'events-stream-500']);

async function main(): Promise<void> {
  if (ONLY.length && ONLY.every((name) => ELSEWHERE.has(name))) return;
  // This machine's speed today, so the figures below are read against it (machine-probe.ts).
  report({ name: 'machine-probe', ...machineProbe(), load_average: loadavg().map((n) => round(n)) });
  const reuse = process.env.BENCH_DB;
  const dir = reuse ? undefined : mkdtempSync(join(tmpdir(), 'lockerline-bench-'));
  const file = reuse ?? join(dir!, 'bench.sqlite');
  if (reuse) {
    if (!existsSync(reuse)) throw new Error(`BENCH_DB=${reuse} does not exist`);
    console.log(`bench: reusing ${reuse}`);
  } else {
    console.log(`bench: seeding ${SHIPMENTS.toLocaleString('en')} shipments and ${PACKAGES.toLocaleString('en')} packages into ${file}`);
    const seeded = await seedLarge({ file, packages: PACKAGES, shipments: SHIPMENTS });
    report({ name: 'seed', seconds: round(seeded.seconds, 1), rows: seeded.rows, rows_per_s: round(seeded.rows / seeded.seconds, 0) });
  }

  // Interrupted (Ctrl-C, timeout): stop the server and remove the temporary files before exiting.
  const interrupted = () => {
    if (dir && process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const { child, url } = await startServer(file, await freePort());
  process.once('exit', () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'));
  let sqliteResults = new Map<string, Measured>();
  try {
    sqliteResults = await listBench(url, child.pid, { dialect: 'sqlite', location: file }, file);
    const dashboards = await dashboardBench(url, 'sqlite');
    await runOperationsBench({ file, url, pid: child.pid, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, selected, signIn, report, rssMb });
    report({ name: 'server-memory', rss_mb: rssMb(child.pid), peak_rss_mb: rssMb(child.pid, true) });
    await stopServer(child);
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl && (sqliteResults.size || dashboards)) await postgresBench(pgUrl, file, sqliteResults);
  } finally {
    await stopServer(child);
    if (dir && process.env.BENCH_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
    else if (dir) console.log(`bench: kept ${file} (BENCH_DB=${file} reuses it)`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
