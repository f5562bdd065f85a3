/**
 * CPU per list request in one process (docs/testing.md "Serving costs"): builds the app on BENCH_DB (or
 * DATABASE_URL), signs in, walks the list scenarios' paths like the bench, then runs each scenario's paths through
 * `app.inject` back to back (CPU_WARM unreported, CPU_N measured) and prints
 * `CPU {"name":…,"us_per_request":…,"wall_us":…}`. A machine shared with other work changes wall time more than CPU
 * time, so A/B comparisons of serving changes read this figure. `npx tsx tests/bench/list-cpu.ts`; CPU_PROFILE=<dir>
 * writes a `.cpuprofile` of each scenario's measured requests only. On a PostgreSQL server of this machine it also
 * prints `pg_us_per_request`: the CPU its backends serving this database used (the rest of a request's cost there).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../api/db/database.js';
import { buildApp } from '../../api/server.js';
import { listScenarios, nameSearchTerms } from './list-scenarios.js';
import { barcodePrefixes } from './seed-large.js';
import { processCpuMs } from './proc-stats.js';
import { machineProbe } from './machine-probe.js';

const file = process.env.BENCH_DB;
if (!file) throw new Error('BENCH_DB=<seeded sqlite file> is required (also for PostgreSQL: the paths are read from it)');
const N = Number(process.env.CPU_N ?? 1000);
const WARM = Number(process.env.CPU_WARM ?? 200);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

console.log(`CPU ${JSON.stringify({ name: 'machine-probe', ...machineProbe() })}`);
const database = await openDatabase({ url: process.env.DATABASE_URL, sqliteFile: file });
const app = await buildApp({ db: database, config: { logger: false } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function signIn(email: string): Promise<string> {
  const first = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
  const jar = new Map<string, string>();
  const keep = (cookies: { name: string; value: string }[]) => cookies.forEach((c) => jar.set(c.name, c.value));
  keep(first.cookies);
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '', cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
    payload: { email, password: 'lockerline-demo' },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  keep(res.cookies);
  return [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
}

/** CPU microseconds used so far by the PostgreSQL backends connected to this database (0 when not on this machine). */
async function postgresBackendsUs(): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (database.dialect !== 'postgres') return used;
  const { sql } = await import('kysely');
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db);
  for (const { pid } of rows) {
    const ms = processCpuMs(pid); // undefined: not a process of this machine (remote server) or gone
    if (ms !== undefined) used.set(pid, ms * 1000);
  }
  return used;
}
const backendsUsSince = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, us]) => sum + us - (before.get(pid) ?? 0), 0);

const cookies = { superadmin: await signIn('superadmin@example.com'), merchant: await signIn('merchant.admin@example.com') };
const scenarios = await listScenarios(url, cookies, barcodePrefixes(file), nameSearchTerms(file), (n) => !ONLY.length || ONLY.includes(n));
for (const scenario of scenarios) {
  const cookie = cookies[scenario.as];
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const res = await app.inject({ method: 'GET', url: scenario.paths[i % scenario.paths.length], headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${scenario.name}: ${res.statusCode} ${res.body}`);
    }
  };
  await run(WARM);
  const profiler = process.env.CPU_PROFILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const backends = await postgresBackendsUs();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await run(N);
  const used = process.cpuUsage(cpu);
  const pgUs = backendsUsSince(backends, await postgresBackendsUs());
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(`${process.env.CPU_PROFILE}/${scenario.name}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  console.log(`CPU ${JSON.stringify({ name: scenario.name, db: database.dialect, us_per_request: Math.round((used.user + used.system) / N), ...(database.dialect === 'postgres' ? { pg_us_per_request: Math.round(pgUs / N) } : {}), wall_us: Math.round(((performance.now() - wall) * 1000) / N) })}`);
}
await app.close();
await database.close();
