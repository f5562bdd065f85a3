/**
 * The import, export and template commands through the real `lockerline` bin on a temporary SQLite
 * file: reports, nothing written on refusal, and the exit codes 0 (all) / 1 (nothing) / 2 (partial).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTranslator } from '../../core/i18n/index.js';
import { exportHeader } from '../../api/export/columns.js';
import { ROOT, spawnCli } from './spawn-cli.js';

const FIXTURES = join(ROOT, 'fixtures/import');

let dir: string;
let env: Record<string, string>;
let acmeId: number;
let batchId: number;

const cli = (args: string[], extraEnv: Record<string, string> = {}) => spawnCli(args, { cwd: dir, env: { ...env, ...extraEnv } });

const count = (table: string) => {
  const db = new Database(env.SQLITE_FILE, { readonly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lockerline-import-cli-'));
  env = { SQLITE_FILE: join(dir, 'import.sqlite') };
  expect((await cli(['db', 'migrate'])).code).toBe(0);
  expect((await cli(['db', 'seed'])).code).toBe(0);
  const db = new Database(env.SQLITE_FILE);
  const now = new Date().toISOString();
  const add = db.prepare("insert into locations (name, code, type, class, merchant_id, active, approved, created_at, updated_at) values (?, ?, 'dropoff', ?, null, ?, 1, ?, ?)");
  add.run('Nassau PUDO', 'NAS-PUDO-01', 'pudo', 1, now, now);
  add.run('Nassau Locker', 'NAS-LOCK-01', 'locker', 1, now, now);
  add.run('Old locker', 'OLD-01', 'locker', 0, now, now);
  acmeId = (db.prepare("select id from merchants where name like 'Acme%'").get() as { id: number }).id;
  batchId = (db.prepare('select id from batches where status != 100 order by id limit 1').get() as { id: number }).id;
  db.close();
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lockerline template / import / export', () => {
  it('prints the CSV template and writes the XLSX one', async () => {
    const csv = await cli(['template', 'shipments', '--format', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe('external_reference_id,type,first_name,last_name,email,phone,country,locale,dropoff_location,pickup_location,contents,size,description,barcode');
    const xlsx = await cli(['template', 'shipments', '--format', 'xlsx', '--out', 'template.xlsx']);
    expect(xlsx.code).toBe(0);
    expect(readFileSync(join(dir, 'template.xlsx')).subarray(0, 2).toString()).toBe('PK');
    // Its explanations in the operator's language, unless --locale says otherwise.
    const sheets = async (file: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(dir, file));
      return workbook.worksheets.map((sheet) => sheet.name);
    };
    expect((await cli(['template', 'shipments', '--out', 'template-es.xlsx'], { LOCKERLINE_LOCALE: 'es' })).code).toBe(0);
    expect(await sheets('template-es.xlsx')).toContain('Columnas');
    expect((await cli(['template', 'shipments', '--out', 'template-en.xlsx', '--locale', 'en'], { LOCKERLINE_LOCALE: 'es' })).code).toBe(0);
    expect(await sheets('template-en.xlsx')).toContain('Columns');
  });

  it("names a real drop-off point of the merchant in the template's sample row, and the sample imports", async () => {
    // Not the generic NAS-PUDO-01 of the field list: a drop-off point the merchant may really use.
    const db = new Database(env.SQLITE_FILE);
    const now = new Date().toISOString();
    db.prepare("insert into locations (name, code, type, class, merchant_id, active, approved, created_at, updated_at) values ('Acme Counter', 'ACME-PUDO-7', 'dropoff', 'pudo', ?, 1, 1, ?, ?)").run(acmeId, now, now);
    const otherId = (db.prepare('select id from merchants where id != ? order by id limit 1').get(acmeId) as { id: number }).id;
    db.close();
    const sampleDropoff = (stdout: string) => {
      const [header, row] = stdout.split('\n');
      return row.split(',')[header.split(',').indexOf('dropoff_location')];
    };
    /** The merchant (null: network) owning the active customer drop-off point with this code, or undefined. */
    const ownerOf = (code: string) => {
      const ro = new Database(env.SQLITE_FILE, { readonly: true });
      try {
        const row = ro.prepare("select merchant_id from locations where code = ? and type = 'dropoff' and active = 1 and class != 'warehouse'").get(code) as { merchant_id: number | null } | undefined;
        return row?.merchant_id;
      } finally {
        ro.close();
      }
    };
    const network = await cli(['template', 'shipments', '--format', 'csv']);
    expect(network.code, network.stderr).toBe(0);
    expect(ownerOf(sampleDropoff(network.stdout))).toBeNull();
    const acme = await cli(['template', 'shipments', '--format', 'csv', '--merchant', String(acmeId)]);
    expect(acme.code, acme.stderr).toBe(0);
    expect([null, acmeId]).toContain(ownerOf(sampleDropoff(acme.stdout)));
    // Another merchant is never offered Acme's own point.
    const other = await cli(['template', 'shipments', '--format', 'csv', '--merchant', String(otherId)]);
    expect([null, otherId]).toContain(ownerOf(sampleDropoff(other.stdout)));
    // The XLSX explanation sheet lists the merchant's own point.
    expect((await cli(['template', 'shipments', '--format', 'xlsx', '--merchant', String(acmeId), '--out', 'acme.xlsx'])).code).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'acme.xlsx'));
    const codes = workbook.worksheets[1].getColumn(1).values.map(String);
    expect(codes).toContain('ACME-PUDO-7');
    expect((await cli(['template', 'shipments', '--format', 'csv', '--merchant', '999999'])).code).toBe(1);
    // The sample row as written imports for the merchant (dry run: nothing stored).
    writeFileSync(join(dir, 'sample.csv'), acme.stdout);
    const dry = await cli(['import', 'shipments', 'sample.csv', '--merchant', String(acmeId), '--dry-run', '--json']);
    expect(dry.code, dry.stdout).toBe(0);
    expect(JSON.parse(dry.stdout).counts).toMatchObject({ rows: 1, valid: 1, invalid: 0 });
  });

  it('dry-runs, imports (exit 0), refuses bad files (exit 1) and imports the valid rows only (exit 2)', async () => {
    const before = count('shipments');
    const dry = await cli(['import', 'shipments', join(FIXTURES, 'good-shipments.csv'), '--merchant', String(acmeId), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Dry run');
    expect(count('shipments')).toBe(before);
    // The report speaks the operator's language.
    const seco = await cli(['import', 'shipments', join(FIXTURES, 'good-shipments.csv'), '--merchant', String(acmeId), '--dry-run'], { LOCKERLINE_LOCALE: 'es' });
    expect(seco.code, seco.stderr).toBe(0);
    expect(seco.stdout).toMatch(/\d+ filas: \d+ válidas, 0 no válidas\./);
    expect(seco.stdout).toMatch(/Simulación: \d+ filas se importarían como \d+ envíos; no se escribió nada\./);

    const good = await cli(['import', 'shipments', join(FIXTURES, 'good-shipments.xlsx'), '--merchant', String(acmeId), '--json']);
    expect(good.code, good.stderr).toBe(0);
    const report = JSON.parse(good.stdout);
    expect(report.created).toHaveLength(5);
    expect(report.counts).toMatchObject({ rows: 6, valid: 6, invalid: 0 });
    expect(count('shipments')).toBe(before + 5);

    // The same order numbers again: every row is invalid, nothing imported.
    const again = await cli(['import', 'shipments', join(FIXTURES, 'good-shipments.csv'), '--merchant', String(acmeId)]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/reference_exists/);
    expect(count('shipments')).toBe(before + 5);

    const bad = await cli(['import', 'shipments', join(FIXTURES, 'bad-rows.csv'), '--merchant', String(acmeId)]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/row\s+column\s+code\s+message/);
    expect(bad.stdout).toContain('This field is required.');
    expect(bad.stderr).toContain('nothing was imported');
    expect(count('shipments')).toBe(before + 5);

    const partial = await cli(['import', 'shipments', join(FIXTURES, 'bad-rows.csv'), '--merchant', String(acmeId), '--only-valid', '--json']);
    expect(partial.code, partial.stderr).toBe(2);
    const created = JSON.parse(partial.stdout).created;
    expect(created.length).toBeGreaterThan(0);
    expect(count('shipments')).toBe(before + 5 + created.length);

    const empty = await cli(['import', 'shipments', join(FIXTURES, 'empty.csv'), '--merchant', String(acmeId)]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('[import.empty]');
    const noMerchant = await cli(['import', 'shipments', join(FIXTURES, 'good-shipments.csv'), '--merchant', '999999']);
    expect(noMerchant.code).toBe(1);
  });

  it('imports batch customers', async () => {
    writeFileSync(join(dir, 'customers.csv'), `first_name,last_name,email,phone,country,offset_date\nAna,Rolle,ana@example.com,+1 242 502 1234,BS,${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}\nBen,Knowles,,,BS,\n`);
    const before = count('batch_items');
    const res = await cli(['import', 'batch-items', 'customers.csv', '--batch', String(batchId), '--json']);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout).errors[0]).toMatchObject({ row: 3, column: 'email', code: 'required_without' });
    expect(count('batch_items')).toBe(before);
    const all = await cli(['import', 'batch-items', 'customers.csv', '--batch', String(batchId), '--only-valid']);
    expect(all.code).toBe(2);
    expect(count('batch_items')).toBe(before + 1);

    // Spanish headers and an optional language column: the customers' messages go out in it.
    writeFileSync(join(dir, 'clientes.csv'), 'Nombre,Apellidos,Correo electrónico,Idioma\nLucía,Rolle,lucia@example.com,Español\nBea,Knowles,bea@example.com,\n');
    expect((await cli(['import', 'batch-items', 'clientes.csv', '--batch', String(batchId)])).code).toBe(0);
    const db = new Database(env.SQLITE_FILE, { readonly: true });
    try {
      const rows = db.prepare("select first_name, locale from batch_items where email in ('lucia@example.com', 'bea@example.com') order by id").all();
      expect(rows).toEqual([{ first_name: 'Lucía', locale: 'es' }, { first_name: 'Bea', locale: 'en' }]);
    } finally {
      db.close();
    }
  });

  it('exports shipments to CSV and XLSX', async () => {
    const csv = await cli(['export', 'shipments', '--format', 'csv', '--merchant', String(acmeId), '--status', '0', '--out', 'out.csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = readFileSync(join(dir, 'out.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toContain('Order number');
    expect(lines.length).toBeGreaterThan(5);
    const xlsx = await cli(['export', 'shipments', '--out', 'out.xlsx']);
    expect(xlsx.code).toBe(0);
    const bad = await cli(['export', 'shipments', '--format', 'pdf', '--out', 'x']);
    expect(bad.code).toBe(1);
  });

  it('names a missing file, a folder and an unwritable --out path in the operator\'s language (exit 1)', async () => {
    // Before: "The file could not be read. Check that it is a valid spreadsheet." for a missing file, and
    // "unexpected error: EISDIR: illegal operation on a directory, read" / "unexpected error: ENOENT: ..." otherwise.
    const before = count('shipments');
    const missing = await cli(['import', 'shipments', join(dir, 'missing.csv'), '--merchant', String(acmeId)]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`No such file or folder: ${join(dir, 'missing.csv')}`);
    const folder = await cli(['import', 'batch-items', dir, '--batch', String(batchId)], { LOCKERLINE_LOCALE: 'es' });
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`${dir} es una carpeta, no un archivo.`);
    const out = join(dir, 'no-such-folder', 'out.csv');
    const unwritable = await cli(['export', 'shipments', '--format', 'csv', '--out', out]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toContain(`No such file or folder: ${out}`);
    expect(`${missing.stderr}${folder.stderr}${unwritable.stderr}`).not.toMatch(/unexpected|inesperado|valid spreadsheet/);
    expect(count('shipments')).toBe(before);
  });

  it('writes the header row in the operator\'s language unless --locale says otherwise', async () => {
    const header = (file: string) => readFileSync(join(dir, file), 'utf8').replace(/^\uFEFF/, '').split('\n')[0];
    const spanish = exportHeader(makeTranslator('es')).join(',');
    const english = exportHeader(makeTranslator('en')).join(',');
    expect(spanish).not.toBe(english);
    const args = (out: string, ...more: string[]) => ['export', 'shipments', '--format', 'csv', '--merchant', String(acmeId), '--out', out, ...more];

    const byEnv = await cli(args('es-env.csv'), { LOCKERLINE_LOCALE: 'es' });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    expect(header('es-env.csv')).toBe(spanish);
    const byLang = await cli(args('es-lang.csv'), { LOCKERLINE_LOCALE: '', LANG: 'es_ES.UTF-8' });
    expect(byLang.code, byLang.stderr).toBe(0);
    expect(header('es-lang.csv')).toBe(spanish);
    const overridden = await cli(args('en-option.csv', '--locale', 'en'), { LOCKERLINE_LOCALE: 'es' });
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(header('en-option.csv')).toBe(english);
  });
});
