/**
 * The PostgreSQL side of the list bench (BENCH_DATABASE_URL): a throw-away database on that server, the schema
 * from the real migrations, then every row of the seeded SQLite file copied in with `psql \copy` (CSV on
 * stdin), the large tables' secondary indexes dropped during the copy and rebuilt after, sequences moved past
 * the copied ids, then VACUUM ANALYZE (so index-only scans see an all-visible map). Both databases then hold
 * the same rows with the same ids, and the same requests can be compared.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';

const SKIPPED = /^(sqlite_|kysely_migration|shipments_search)/;
const BULK_TABLES = ['shipments', 'packages'];

/** Creates `lockerline_bench_<suffix>` on the server of `adminUrl`; returns its URL. */
export async function createBenchDatabase(adminUrl: string): Promise<string> {
  const name = `lockerline_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = '/' + name;
  return url.toString();
}

export async function dropBenchDatabase(adminUrl: string, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

const csvValue = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (Buffer.isBuffer(v)) return `"\\x${v.toString('hex')}"`;
  return `"${String(v).replace(/"/g, '""')}"`;
};

/** Runs psql on `url` with the commands; `feed` writes what `\copy ... from pstdin` reads. */
async function psql(url: string, commands: string[], feed?: (write: (chunk: string) => Promise<void>) => Promise<void>): Promise<void> {
  const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', ...commands.flatMap((c) => ['-c', c])], { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => (errors += d));
  const exited = once(child, 'exit');
  if (feed) {
    await feed(async (chunk) => {
      if (!child.stdin.write(chunk)) await once(child.stdin, 'drain');
    });
  }
  child.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`psql failed (${code}): ${errors}`);
}

/** Copies every row of the SQLite file `file` into the migrated PostgreSQL database `url`. */
export async function copySqliteToPostgres(file: string, url: string): Promise<{ seconds: number; rows: number }> {
  const started = performance.now();
  const database = await openDatabase({ url });
  await migrateToLatest(database);
  await database.close();

  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  try {
    const tables = (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[])
      .map((t) => t.name)
      .filter((name) => !SKIPPED.test(name));
    const existing = new Set((await client.query("select tablename from pg_tables where schemaname = 'public'")).rows.map((r) => r.tablename));
    const copied = tables.filter((t) => existing.has(t));
    await client.query(`truncate ${copied.map((t) => `"${t}"`).join(', ')} cascade`);
    const indexes = (
      await client.query(
        `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1)
           and indexname not in (select conname from pg_constraint)`,
        [BULK_TABLES],
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const index of indexes) await client.query(`drop index "${index.indexname}"`);

    for (const table of copied) {
      const columns = (sqlite.prepare(`pragma table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
      const select = sqlite.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}"`).raw();
      const copy = `\\copy "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) from pstdin with (format csv)`;
      await psql(url, ['set session_replication_role = replica', copy], async (write) => {
        let batch = '';
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch += row.map(csvValue).join(',') + '\n';
          rows++;
          if (batch.length > 1 << 20) {
            await write(batch);
            batch = '';
          }
        }
        if (batch) await write(batch);
      });
      const sequence = columns.includes('id') ? (await client.query(`select pg_get_serial_sequence('"${table}"', 'id') as s`)).rows[0]?.s : null;
      if (sequence) await client.query(`select setval($1, coalesce((select max(id) from "${table}"), 0) + 1, false)`, [sequence]);
    }
    for (const index of indexes) await client.query(index.indexdef);
  } finally {
    await client.end();
    sqlite.close();
  }
  await psql(url, ['vacuum analyze']);
  return { seconds: (performance.now() - started) / 1000, rows };
}
