import Database from 'better-sqlite3';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { rmSync, copyFileSync } from 'node:fs';
const base = '/tmp/ob-base.sqlite';
for (const f of [base, base + '-wal', base + '-shm']) rmSync(f, { force: true });
const d = await openDatabase({ sqliteFile: base }); await migrateToLatest(d); await d.close();
const cols = ['idempotency_key', 'kind', 'event', 'merchant_id', 'subject_type', 'subject_id', 'recipient', 'locale', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'];
const stamp = new Date().toISOString();
const mk = (id: number) => [`batch_items:${id}:batch-notify:notify:email`, 'email', 'batch-notify', null, 'batch_items', id, `c${id}@example.net`, 'en', JSON.stringify({ first_name: 'Customer' + id, respond_token: 'x'.repeat(60), message: 'Your order is ready.' }), 'pending', 0, stamp, stamp, stamp];
const R = 1000, CH = 50;
const batches = Array.from({ length: CH }, (_, c) => Array.from({ length: R }, (_, i) => mk(c * R + i)));
function run(name: string, prep: (db: Database.Database) => (rows: unknown[][]) => void) {
  const file = `/tmp/ob-${name}.sqlite`;
  for (const f of [file, file + '-wal', file + '-shm']) rmSync(f, { force: true });
  copyFileSync(base, file);
  const db = new Database(file); db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('foreign_keys = ON');
  const f = prep(db);
  const c0 = process.cpuUsage(); const t = performance.now();
  for (const rows of batches) db.transaction(() => f(rows))();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(8), 'wall', Math.round(performance.now() - t), 'cpu', Math.round((c.user + c.system) / 1000));
  db.close();
}
const ins = `insert into outbox (${cols.join(',')}) `;
const oc = ' on conflict (idempotency_key) do nothing';
function chunked(db: Database.Database, size: number) {
  const cache = new Map<number, Database.Statement>();
  const st = (n: number) => { let x = cache.get(n); if (!x) cache.set(n, (x = db.prepare(`${ins}values ${Array.from({ length: n }, () => `(${cols.map(() => '?').join(',')})`).join(',')}${oc}`))); return x; };
  return (rows: unknown[][]) => { let a = 0; while (a < rows.length) { let n = size; while (n > rows.length - a) n >>= 1; st(n).run(rows.slice(a, a + n).flat()); a += n; } };
}
for (let k = 0; k < 3; k++) {
  run('json', (db) => { const s = db.prepare(`${ins}select ${cols.map((_, i) => `value ->> ${i}`).join(',')} from json_each(?) where true order by key${oc}`); return (rows) => s.run(JSON.stringify(rows)); });
  run('one', (db) => { const s = db.prepare(`${ins}values (${cols.map(() => '?').join(',')})${oc}`); return (rows) => { for (const r of rows) s.run(r); }; });
  run('v16', (db) => chunked(db, 16));
  run('v64', (db) => chunked(db, 64));
  run('v256', (db) => chunked(db, 256));
}
