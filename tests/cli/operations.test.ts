/**
 * `lockerline shipments ...` and `lockerline packages ...` in-process (cli/main.ts run) against a
 * seeded temporary SQLite file: dry run, done / refused summary, --json, labels written to --out.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/main.js';
import type { CliIo } from '../../cli/io.js';

let dir: string;
let env: NodeJS.ProcessEnv;

async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), readStdin: async () => '', env };
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
    expect((await cli('packages', 'cancel', 'NOPE-BARCODE')).out).toContain('package.not_found_by_barcode');
  });
});
