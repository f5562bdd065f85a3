/**
 * Import/export figures (DESIGN.md section 7): a 100,000-row CSV and XLSX imported through the CLI path
 * (read + check + insert in one transaction; bars < 10 s and < 20 s, peak RSS < 300 MB), then 100,000 rows
 * exported to XLSX and CSV. Each scenario runs in its own process (tests/bench/import-scenario.ts) so its peak
 * RSS is its own. Run alone with `npx tsx tests/bench/import-bench.ts`, or from `npm run bench`
 * (BENCH_IMPORT=0, or BENCH_ONLY without `import`, skips it). BENCH_IMPORT_ROWS changes the row count;
 * BENCH_IMPORT_NODE_ARGS passes node flags to each scenario (a CPU profile of each).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { seedDemo } from '../../fixtures/demo.js';
import { SHIPMENT_IMPORT_FIELDS } from '../../core/import/fields.js';

const ROOT = resolve(import.meta.dirname, '../..');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** BENCH_IMPORT_NODE_ARGS: node flags for each scenario's process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/import-profiles`. */
const NODE_ARGS = (process.env.BENCH_IMPORT_NODE_ARGS ?? '').split(' ').filter(Boolean);
const HEADER = SHIPMENT_IMPORT_FIELDS.map((f) => f.name);

/** Two packages per order; every value valid; phone numbers and names vary. */
function* benchRows(tag: string): Generator<string[]> {
  for (let i = 0; i < ROWS; i++) {
    const order = i >> 1;
    const values: Record<string, string> = {
      external_reference_id: `${tag}-${order}`,
      type: order % 5 ? 'standard' : 'express',
      first_name: `Ana${order % 97}`,
      last_name: 'Rolle',
      email: `customer${order}@example.com`,
      phone: `+1 242 ${String(300 + (order % 600)).padStart(3, '0')} ${String(order % 10000).padStart(4, '0')}`,
      country: 'BS',
      locale: order % 3 ? 'en' : 'es',
      dropoff_location: 'NAS-PUDO-01',
      size: ['SMALL', 'MEDIUM', 'LARGE'][i % 3],
      description: `Package ${i}`,
    };
    yield HEADER.map((h) => values[h] ?? '');
  }
}

async function writeCsv(file: string) {
  const out = createWriteStream(file);
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  out.write(HEADER.join(',') + '\n');
  for (const row of benchRows('CSV')) if (!out.write(row.map(quote).join(',') + '\n')) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

async function writeXlsx(file: string) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Shipments');
  sheet.addRow(HEADER).commit();
  for (const row of benchRows('XLSX')) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}

function scenario(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...NODE_ARGS, '--import', 'tsx', 'tests/bench/import-scenario.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${args[4]} exited with ${code}`))));
  });
}

export async function runImportBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lockerline-import-bench-'));
  try {
    const sqlite = join(dir, 'bench.sqlite');
    const database = await openDatabase({ sqliteFile: sqlite });
    let merchantId: number;
    try {
      await migrateToLatest(database);
      await seedDemo(database.db);
      const now = new Date().toISOString();
      await database.db.insertInto('locations').values({ name: 'Nassau PUDO', code: 'NAS-PUDO-01', type: 'dropoff', class: 'pudo', merchant_id: null, locker_service: null, hours: null, zone: null, route: null, timezone: null, latitude: null, longitude: null, what3words: null, image: null, secure_access_key: null, terminal: null, address_company: null, address_description: null, address_street: null, address_house_number: null, address_locality: null, address_postcode: null, address_state: null, created_at: now, updated_at: now }).execute();
      merchantId = (await database.db.selectFrom('merchants').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    } finally {
      await database.close();
    }
    console.log(`bench: writing ${ROWS.toLocaleString('en')}-row CSV and XLSX files in ${dir}`);
    await writeCsv(join(dir, 'import.csv'));
    await writeXlsx(join(dir, 'import.xlsx'));
    const k = ROWS >= 1000 ? `${Math.round(ROWS / 1000)}k` : String(ROWS);
    await scenario(['import', join(dir, 'import.csv'), sqlite, String(merchantId), `import-csv-${k}`]);
    // The merchant now has ROWS imported packages (plus a few demo ones): export them, then import the XLSX.
    await scenario(['export', join(dir, 'export.xlsx'), sqlite, String(merchantId), `export-${k}`]);
    await scenario(['export', join(dir, 'export.csv'), sqlite, String(merchantId), `export-csv-${k}`]);
    await scenario(['import', join(dir, 'import.xlsx'), sqlite, String(merchantId), `import-xlsx-${k}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** BENCH_IMPORT=0, or a BENCH_ONLY list without `import`, skips this bench (`npm run bench` runs it after the lists). */
const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const skipped = process.env.BENCH_IMPORT === '0' || (only.length > 0 && !only.includes('import'));

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'import-bench.ts') && !skipped) {
  runImportBench().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
