import { sql } from 'kysely';
import { openDatabase } from './api/db/database.js';
import { searchIndexSegments } from './api/jobs/search-index.job.js';
const d = await openDatabase({ sqliteFile: process.argv[2] });
let id = 30_000_000;
const write = () => sql`insert into shipments_search(rowid, text) values (${id++}, ${'ana rolle' + id + ' x' + (id * 7) + '@example.com'})`.execute(d.db);
for (let i = 0; i < 30; i++) await write();
console.log('start', await searchIndexSegments(d.db));
let steps = 0;
const t0 = performance.now();
for (;;) {
  const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(d.db);
  await sql`insert into shipments_search(shipments_search, rank) values ('merge', -16)`.execute(d.db);
  const { rows: r2 } = await sql<{ n: number }>`select total_changes() as n`.execute(d.db);
  steps++;
  if (Number(r2[0]!.n) - Number(rows[0]!.n) < 2) break;
  if (steps % 5 === 0) await write(); // another request writes meanwhile
  if (steps > 3000) { console.log('no end'); break; }
}
console.log('steps', steps, 'ms', (performance.now() - t0).toFixed(0), 'segments', await searchIndexSegments(d.db));
