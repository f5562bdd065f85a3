/**
 * The raw floor of the list bench: the SQL the list engine runs for each request of a scenario (page, count,
 * related names; captured by running `runList` on a logging Kysely, each path a second time so caches are warm as
 * in the server), executed straight on the same database
 * for the same seconds, without HTTP, sessions or JSON. SQLite: one thread per server worker (BENCH_WORKERS),
 * each running the statements back to back, like the server's synchronous workers; PostgreSQL: the bench's
 * connections (50) sharing a pool as large as the server's (workers x PG_POOL_MAX), statements prepared as the
 * server's list pool prepares them. The API's figure divided
 * by this one is its overhead ratio.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import qs from 'qs';
import type { Database as Tables } from '../../api/db/tables.js';
import { parseListQuery, runList, type ListSpec } from '../../api/resources/list-query.js';
import { packagesList } from '../../api/resources/packages/packages.repository.js';
import { shipmentsList } from '../../api/resources/shipments/shipments.repository.js';
import type { RequestActor } from '../../api/http/context.js';

export interface RawTarget {
  dialect: 'sqlite' | 'postgres';
  /** SQLite file or postgres:// URL. */
  location: string;
}
type Statement = { sql: string; parameters: readonly unknown[] };
export interface RawResult {
  p50_ms: number;
  p99_ms: number;
  rps: number;
  requests: number;
}

const SPECS: Record<string, ListSpec<any>> = { shipments: shipmentsList, packages: packagesList };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function withKysely<T>(target: RawTarget, log: (q: CompiledQuery) => void, use: (db: Kysely<Tables>) => Promise<T>): Promise<T> {
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.location, max: 2 });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), log: (e) => void (e.level === 'query' && log(e.query)) });
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  }
  const sqlite = new Database(target.location, { readonly: true });
  sqlite.function('list_guard', { deterministic: false }, (_deadline: unknown) => 1);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }), log: (e) => void (e.level === 'query' && log(e.query)) });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** The statements one request of each path runs (as the user of `email`), in order. */
export async function captureStatements(target: RawTarget, paths: string[], email: string): Promise<Statement[][]> {
  let current: Statement[] = [];
  return withKysely(target, (q) => current.push({ sql: q.sql, parameters: q.parameters }), async (db) => {
    const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const merchant = user.merchant_id ? await db.selectFrom('merchants').select('features').where('id', '=', user.merchant_id).executeTakeFirst() : undefined;
    const actor = { id: user.id, role: user.role, merchant_id: user.merchant_id, features: merchant?.features ?? 0, location_ids: [], user, via: 'session' } as unknown as RequestActor;
    const groups: Statement[][] = [];
    for (const path of paths) {
      const [pathname, search = ''] = path.split('?');
      const spec = SPECS[pathname.split('/')[2]];
      const query = parseListQuery(spec, qs.parse(search, { arrayLimit: 1000, depth: 3 }) as Record<string, unknown>, user.role);
      // The second run is what a request runs once the server is warm (a capped total is remembered for a moment,
      // api/resources/list-count-cache.ts), so the floor runs the same statements the API does in the scenario. Each
      // path starts a fresh list: before 2026-11-25 afternoon the first (cold) run of path i + 1 was added to the group
      // of path i, so the floor of a rotating scenario ran about two requests' statements per request.
      current = [];
      await runList(db, target.dialect, spec, query, actor, (row) => row);
      current = [];
      await runList(db, target.dialect, spec, query, actor, (row) => row);
      groups.push(current);
    }
    return groups;
  });
}

const SQLITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { readonly: true });
db.function('list_guard', { deterministic: false }, (_deadline) => 1);
const groups = workerData.groups.map((g) => g.map((s) => ({ stmt: db.prepare(s.sql), parameters: s.parameters })));
const latencies = [];
const end = Date.now() + workerData.seconds * 1000;
for (let i = 0; Date.now() < end; i++) {
  const started = performance.now();
  for (const s of groups[i % groups.length]) s.stmt.all(...s.parameters);
  latencies.push(performance.now() - started);
}
db.close();
parentPort.postMessage(latencies);
`;

/** Runs the captured statements for `seconds`; SQLite in `threads` threads, PostgreSQL from `connections` loops. */
export async function runRaw(target: RawTarget, groups: Statement[][], seconds: number, opts: { threads: number; connections: number; poolSize: number }): Promise<RawResult> {
  let latencies: number[] = [];
  const started = performance.now();
  if (target.dialect === 'sqlite') {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    const runs = Array.from({ length: opts.threads }, () => new Promise<number[]>((done, fail) => {
      const worker = new Worker(SQLITE_WORKER, { eval: true, workerData: { module, file: target.location, groups, seconds } });
      worker.once('message', done);
      worker.once('error', fail);
    }));
    latencies = (await Promise.all(runs)).flat();
  } else {
    const pool = new pg.Pool({ connectionString: target.location, max: opts.poolSize });
    // Prepared, as the API's list pool does (api/db/pg-prepared.ts): one name per distinct text.
    const names = new Map<string, string>();
    for (const s of groups.flat()) if (!names.has(s.sql)) names.set(s.sql, `raw${names.size}`);
    const end = Date.now() + seconds * 1000;
    let next = 0;
    const loop = async () => {
      while (Date.now() < end) {
        const group = groups[next++ % groups.length];
        const t0 = performance.now();
        for (const s of group) await pool.query({ name: names.get(s.sql), text: s.sql, values: s.parameters as unknown[] });
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: opts.connections }, loop));
    await pool.end();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { p50_ms: round(percentile(latencies, 0.5)), p99_ms: round(percentile(latencies, 0.99)), rps: Math.round(latencies.length / elapsed), requests: latencies.length };
}
