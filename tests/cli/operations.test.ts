/**
 * `lockerline shipments ...` and `lockerline packages ...` in-process (cli/main.ts run) against a
 * seeded temporary SQLite file: dry run, done / refused summary, --json, labels written to --out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusCodes } from '../../core/statuses.js';
import { run } from '../../cli/main.js';
import type { CliIo } from '../../cli/io.js';

let dir: string;
let env: NodeJS.ProcessEnv;

/** Runs the CLI in-process; a last argument that is an object adds to the environment (e.g. the locale). */
async function cli(...input: (string | Record<string, string>)[]) {
  const extra = typeof input.at(-1) === 'object' ? (input.pop() as Record<string, string>) : {};
  const args = input as string[];
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readStdin: async () => '', env: { ...env, ...extra } };
  const code = await run(['node', 'lockerline', ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const query = <T>(sql: string, ...params: unknown[]) => {
  const db = new Database(join(dir, 'ops.sqlite'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lockerline-ops-'));
  env = { NODE_ENV: 'development', LOCKERLINE_LOCALE: 'en', SQLITE_FILE: join(dir, 'ops.sqlite') };
  expect((await cli('db', 'migrate')).code).toBe(0);
  expect((await cli('db', 'seed')).code).toBe(0);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lockerline shipments', () => {
  it('dry-runs, then prints drafts by filter and writes the labels', async () => {
    const drafts = query<{ id: number }>('select id from shipments where status = 0 order by id');
    const dry = await cli('shipments', 'print', '--status', '0', '--dry-run', '--json');
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, done: drafts.map((d) => d.id), refused: [] });
    expect(query('select id from shipments where status = 0')).toHaveLength(drafts.length);

    const out = join(dir, 'labels.pdf');
    const res = await cli('shipments', 'print', ...drafts.map((d) => String(d.id)), '--out', out);
    expect(res.code, res.out + res.err).toBe(0);
    expect(res.out).toContain(`${drafts.length} done, 0 refused`);
    expect(res.err).toContain(`${drafts.length}/${drafts.length}`);
    expect(existsSync(out)).toBe(true);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    expect(query('select id from shipments where status = 0')).toHaveLength(0);
  });

  it('reports refusals with their reasons (exit 2 when some were done)', async () => {
    const printed = query<{ id: number }>('select id from shipments where status = 20 order by id limit 2');
    const collected = query<{ id: number }>('select id from shipments where status = 100 order by id limit 1');
    const res = await cli('shipments', 'request-pickup', ...[...printed, ...collected].map((s) => String(s.id)), '--json');
    expect(res.code).toBe(2);
    const body = JSON.parse(res.out);
    expect(body.done).toHaveLength(printed.length);
    expect(body.refused, JSON.stringify(body)).toEqual([expect.objectContaining({ id: collected[0]!.id, code: expect.stringMatching(/^shipment\./) })]);
  });
});

describe('lockerline shipments cancel', () => {
  it('cancels every cancellable package of the shipments; refuses what the shipment machine refuses', async () => {
    const [waiting] = query<{ id: number }>('select id from shipments where status = 30 order by id limit 1');
    const [collected] = query<{ id: number }>('select id from shipments where status = 100 order by id limit 1');
    const targets = [String(waiting!.id), String(collected!.id)];
    const dry = await cli('shipments', 'cancel', ...targets, '--dry-run', '--json');
    expect(dry.code).toBe(2);
    expect(JSON.parse(dry.out)).toMatchObject({ dry_run: true, done: [waiting!.id], refused: [{ id: collected!.id, code: 'shipment.action_not_allowed' }] });
    expect(query<{ status: number }>('select status from shipments where id = ?', waiting!.id)[0]!.status).toBe(30);

    const res = await cli('shipments', 'cancel', ...targets);
    expect(res.code, res.out + res.err).toBe(2);
    expect(res.out).toContain('1 done, 1 refused');
    expect(res.out).toContain(`#${collected!.id}: shipment.action_not_allowed`);
    expect(query<{ status: number }>('select status from shipments where id = ?', waiting!.id)[0]!.status).toBe(-90);
    expect(query<{ status: number }>('select distinct status from packages where shipment_id = ?', waiting!.id)).toEqual([{ status: -90 }]);
  });
});

describe('lockerline packages', () => {
  it('runs an action on barcodes as a given user and refuses what the rules refuse', async () => {
    const [waiting] = query<{ id: number; barcode: string }>('select id, barcode from packages where status = 30 order by id limit 1');
    const pickup = await cli('packages', 'pickup', waiting!.barcode, '--as', 'driver@example.com');
    expect(pickup.code, pickup.out + pickup.err).toBe(0);
    expect(query<{ status: number }>('select status from packages where id = ?', waiting!.id)[0]!.status).toBe(50);
    const again = await cli('packages', 'pickup', String(waiting!.id), '--as', 'driver@example.com');
    expect(again.code).toBe(1);
    expect(again.out).toContain('package.already_picked_up_by_you');
    expect((await cli('packages', 'fly-away', '1')).code).toBe(1);
    expect((await cli('packages', 'cancel', 'NOPE-BARCODE')).out).toContain('NOPE-BARCODE: no package with this barcode');
  });

  it('names an unknown barcode (each one, not as #-1) and keeps the code in --json', async () => {
    const [waiting] = query<{ id: number; barcode: string }>('select id, barcode from packages where status = 30 order by id limit 1');
    const res = await cli('packages', 'pickup', 'LP000000000000', 'LP000000000001', waiting!.barcode, '--dry-run', '--as', 'driver@example.com');
    expect(res.code, res.out + res.err).toBe(2);
    expect(res.out).toContain('1 would be done, 2 would be refused');
    expect(res.out).toContain('  LP000000000000: no package with this barcode');
    expect(res.out).toContain('  LP000000000001: no package with this barcode');
    expect(res.out).not.toContain('#-1');
    expect(res.out).not.toContain('package.not_found_by_barcode');

    const json = await cli('packages', 'pickup', 'LP000000000000', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out).refused).toEqual([{ id: null, barcode: 'LP000000000000', code: 'package.not_found_by_barcode', message: 'no package with this barcode' }]);

    const es = await cli('packages', 'pickup', 'LP000000000000', { LOCKERLINE_LOCALE: 'es' });
    expect(es.out).toContain('  LP000000000000: ningún paquete tiene este código de barras');
  });

  it('names a --location that does not exist, or that the action cannot use', async () => {
    const [printed] = query<{ id: number }>('select id from packages where status = 20 order by id limit 1');
    const missing = await cli('packages', 'check-in', String(printed!.id), '--location', '999');
    expect(missing.code).toBe(1);
    expect(missing.err).toBe('lockerline: --location 999: no such location.');
    expect((await cli('packages', 'check-in', String(printed!.id), '--location', 'abc')).err).toBe('lockerline: --location must be an id, got "abc".');
    const es = await cli('packages', 'check-in', String(printed!.id), '--location', '999', { LOCKERLINE_LOCALE: 'es' });
    expect(es.err).toBe('lockerline: --location 999: no existe esa ubicación.');

    const [closed] = query<{ id: number }>('select id from locations where active = 1 order by id limit 1');
    const setActive = (active: number) => {
      const db = new Database(join(dir, 'ops.sqlite'));
      db.prepare('update locations set active = ? where id = ?').run(active, closed!.id);
      db.close();
    };
    setActive(0);
    try {
      const refused = await cli('packages', 'check-in', String(printed!.id), '--location', String(closed!.id));
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`#${printed!.id}: validation.failed (--location: The selected item does not exist or is not available.)`);
    } finally {
      setActive(1);
    }
  });
});

describe('wrong targets and options of the bulk commands are named (exit 1, nothing done)', () => {
  const statuses = statusCodes('shipments').join(', ');
  it.each([
    [['shipments', 'cancel', 'abc'], "'abc' is not a shipment id: ids are positive whole numbers."],
    [['shipments', 'cancel', '12', '-3'], "'-3' is not a shipment id: ids are positive whole numbers."],
    [['shipments', 'cancel', '--status', 'abc'], `--status abc: not a shipment status; one of ${statuses}.`],
    [['shipments', 'cancel', '--status', '1'], `--status 1: not a shipment status; one of ${statuses}.`],
    [['packages', 'expire', '--status', '4'], `--status 4: not a package status; one of ${statusCodes('packages').join(', ')}.`],
    [['shipments', 'cancel', '--merchant', '999'], '--merchant 999: no such merchant.'],
    [['packages', 'cancel', '--merchant', '999'], '--merchant 999: no such merchant.'],
    [['shipments', 'cancel', '--merchant', 'x'], '--merchant must be an id, got "x".'],
    [['shipments', 'cancel'], 'Nothing to do: give shipment ids or a filter (--status, --merchant).'],
    [['packages', 'cancel'], 'Nothing to do: give package ids or barcodes, or a filter (--status, --merchant).'],
    [['shipments', 'print', '1', '--format', 'letter'], '--format letter: not allowed; one of a6, 4x6.'],
  ])('%j', async (args, message) => {
    const before = query('select id, status from shipments order by id');
    const res = await cli(...args, '--as', 'merchant.admin@example.com');
    expect(res.code).toBe(1);
    expect(res.out).toBe('');
    expect(res.err).toBe(`lockerline: ${message}`);
    expect(query('select id, status from shipments order by id')).toEqual(before);
  });

  it("picks by filter only among the --as user's own shipments, like the API's list", async () => {
    const acme = query<{ merchant_id: number }>("select merchant_id from users where email = 'merchant.admin@example.com'")[0]!.merchant_id;
    const status = query<{ status: number }>('select status from shipments where merchant_id = ? group by status order by count(*) desc limit 1', acme)[0]!.status;
    expect(query('select id from shipments where merchant_id != ? and status = ?', acme, status).length).toBeGreaterThan(0);
    const res = await cli('shipments', 'cancel', '--status', String(status), '--dry-run', '--json', '--as', 'merchant.admin@example.com');
    const body = JSON.parse(res.out) as { done: number[]; refused: { id: number }[] };
    const own = query<{ id: number }>('select id from shipments where merchant_id = ? and status = ? order by id', acme, status).map((s) => s.id);
    expect([...body.done, ...body.refused.map((r) => r.id)].sort((a, b) => a - b)).toEqual(own);
  });

  it('says which filter matched nothing', async () => {
    const [merchant] = query<{ id: number }>('select id from merchants order by id limit 1');
    const unused = statusCodes('shipments').find((code) => !query('select 1 from shipments where merchant_id = ? and status = ?', merchant!.id, code).length);
    const res = await cli('shipments', 'register', '--status', String(unused), '--merchant', String(merchant!.id));
    expect(res.code).toBe(1);
    expect(res.err).toBe(`lockerline: Nothing to do: no shipment matches --status ${unused} --merchant ${merchant!.id}.`);
  });

  it('speaks the operator\'s language', async () => {
    const res = await cli('shipments', 'cancel', 'abc', { LOCKERLINE_LOCALE: 'es' });
    expect(res.err).toBe('lockerline: «abc» no es un id de envío: los ids son números enteros positivos.');
    expect((await cli('shipments', 'print', '1', '--format', 'letter', { LOCKERLINE_LOCALE: 'es' })).err).toBe('lockerline: --format letter: no está permitido; uno de a6, 4x6.');
  });
});
