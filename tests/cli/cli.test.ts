/**
 * Runs the real `lockerline` bin (cli/bin.mjs) as a child process against temporary SQLite files.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../core/i18n/index.js';
import { es } from '../../core/i18n/index.js';
import type { CliIo } from '../../cli/io.js';
import { buildProgram, run } from '../../cli/main.js';
import { spawnCli } from './spawn-cli.js';

const cli = spawnCli;

/** Help output in-process (no child process, no database), whitespace collapsed: commander wraps long lines. */
async function helpOf(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const out: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => out.push(l), readStdin: async () => '', env };
  expect(await run(['node', 'lockerline', ...args, '--help'], io)).toBe(0);
  return flat(out.join('\n'));
}
const flat = (text: string) => text.replace(/\s+/g, ' ');

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lockerline-cli-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('help', () => {
  it('prints the commands with --help and with no arguments', async () => {
    for (const args of [['--help'], []]) {
      const res = await cli(args);
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Usage: lockerline');
      expect(res.stdout).toMatch(/db\b/);
      expect(res.stdout).toMatch(/users\b/);
    }
  });

  it('has --help on every command', async () => {
    const db = await cli(['db', '--help']);
    expect(db.code).toBe(0);
    expect(db.stdout).toContain('migrate');
    expect(db.stdout).toContain('seed');
    const create = await cli(['users', 'create', '--help']);
    expect(create.code).toBe(0);
    for (const option of ['--email', '--role', '--merchant', '--first-name', '--last-name', '--password-stdin']) {
      expect(create.stdout).toContain(option);
    }
  });

  it('describes the real command set', () => {
    const io: CliIo = { out: () => undefined, err: () => undefined, readStdin: async () => '', env: { LOCKERLINE_LOCALE: 'en' } };
    const names = buildProgram(io).commands.map((c) => c.name());
    expect(names).toEqual(expect.arrayContaining(['db', 'users', 'import', 'export', 'template', 'shipments', 'packages']));
    // db is "database"; the others are named by their stem (users, import, template(s), shipment(s), package(s)).
    for (const name of names) expect(en.cli.description).toContain(name === 'db' ? 'database' : name.replace(/s$/, ''));
  });

  it('offers --out and --format on shipments print only, and refuses them on the other actions', async () => {
    const env = { LOCKERLINE_LOCALE: 'en' };
    const print = await helpOf(env, 'shipments', 'print');
    expect(print).toContain('--out <file>');
    expect(print).toContain('--format <format>');
    for (const action of ['register', 'request-pickup', 'cancel']) {
      const help = await helpOf(env, 'shipments', action);
      expect(help).toContain('--dry-run');
      expect(help).not.toContain('--out');
      expect(help).not.toContain('--format');
    }
    const err: string[] = [];
    const io: CliIo = { out: () => undefined, err: (l) => err.push(l), readStdin: async () => '', env };
    expect(await run(['node', 'lockerline', 'shipments', 'cancel', '1', '--out', 'x.pdf'], io)).toBe(1);
    expect(err.join('\n')).toContain("unknown option '--out'");
  });

  it('fails with exit code 1 on an unknown command', async () => {
    const res = await cli(['frobnicate']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('unknown command');
  });
});

describe('db', () => {
  it('migrates a new SQLite file, then reports it up to date', async () => {
    const env = { SQLITE_FILE: file('migrate.sqlite') };
    const first = await cli(['db', 'migrate'], { env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('001-initial');
    const again = await cli(['db', 'migrate'], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('up to date');
    const sqlite = new Database(file('migrate.sqlite'), { readonly: true });
    const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    sqlite.close();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['users', 'shipments', 'packages']));
  });

  it('seeds demo data into an empty database only', async () => {
    const env = { SQLITE_FILE: file('seed.sqlite') };
    const first = await cli(['db', 'seed'], { env });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const sqlite = new Database(file('seed.sqlite'), { readonly: true });
    const users = sqlite.prepare('select email from users').all() as { email: string }[];
    sqlite.close();
    expect(users.map((u) => u.email)).toContain('superadmin@example.com');

    const again = await cli(['db', 'seed'], { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already holds data');
  });

  it('refuses to seed when NODE_ENV=production', async () => {
    const res = await cli(['db', 'seed'], { env: { SQLITE_FILE: file('prod.sqlite'), NODE_ENV: 'production' } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('NODE_ENV=production');
    expect(existsSync(file('prod.sqlite'))).toBe(false);
  });
});

describe('users create', () => {
  const env = () => ({ SQLITE_FILE: file('users.sqlite') });
  const readUser = (email: string) => {
    const sqlite = new Database(file('users.sqlite'), { readonly: true });
    try {
      return sqlite.prepare('select * from users where email = ?').get(email) as Record<string, unknown> | undefined;
    } finally {
      sqlite.close();
    }
  };

  beforeAll(async () => {
    expect((await cli(['db', 'migrate'], { env: env() })).code).toBe(0);
  });

  it('creates a superadmin with a password from stdin and prints the id', async () => {
    const res = await cli(
      ['users', 'create', '--email', 'Ops@Example.com', '--role', 'superadmin', '--first-name', 'Olga', '--last-name', 'Ops', '--password-stdin'],
      { env: env(), stdin: 'a-long-enough-secret\n' },
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const id = Number(/Created user (\d+)/.exec(res.stdout)?.[1]);
    const row = readUser('ops@example.com');
    expect(row).toMatchObject({ id, role: 1, first_name: 'Olga', last_name: 'Ops', active: 1, merchant_id: null });
    expect(String(row?.password_hash)).toMatch(/^\$argon2id\$/);
    expect(res.stdout).not.toContain('a-long-enough-secret');
  });

  it('without a password, tells the operator to request a create-password link', async () => {
    const res = await cli(['users', 'create', '--email', 'driver2@example.com', '--role', 'driver'], { env: env() });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/forgot/i);
    expect(readUser('driver2@example.com')).toMatchObject({ role: 64, password_hash: null });
    // Without SMTP_URL the create-password mail is kept in the superadmin message log (link in the body only).
    expect(res.stdout).toContain('message log');
    expect(res.stdout).not.toMatch(/token=/);
    const sqlite = new Database(file('users.sqlite'), { readonly: true });
    try {
      const logged = sqlite.prepare('select kind, body from message_log where recipient = ?').all('driver2@example.com') as { kind: string; body: string }[];
      expect(logged).toEqual([{ kind: 'email', body: expect.stringContaining('/create-password?token=') }]);
    } finally {
      sqlite.close();
    }
  });

  it('refuses a duplicate email', async () => {
    const res = await cli(['users', 'create', '--email', 'ops@example.com', '--role', 'support'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('already in use');
  });

  it('refuses an unknown role', async () => {
    const res = await cli(['users', 'create', '--email', 'who@example.com', '--role', 'emperor'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('unknown role');
    expect(readUser('who@example.com')).toBeUndefined();
  });

  it('refuses a bad email', async () => {
    const res = await cli(['users', 'create', '--email', 'not-an-email', '--role', 'support'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Must be a valid email address.');
  });

  it('refuses a short password and a merchant role without a merchant', async () => {
    const short = await cli(['users', 'create', '--email', 'short@example.com', '--role', 'support', '--password-stdin'], {
      env: env(),
      stdin: 'short',
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Must be at least 10 characters.');
    const merchant = await cli(['users', 'create', '--email', 'm@example.com', '--role', 'merchant_admin'], { env: env() });
    expect(merchant.code).toBe(1);
    expect(merchant.stderr).toContain('--merchant');
    const missing = await cli(['users', 'create', '--email', 'm@example.com', '--role', 'merchant_admin', '--merchant', '999'], { env: env() });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--merchant: The selected item does not exist');
  });

  it('speaks Spanish when the locale says so', async () => {
    const res = await cli(['users', 'create', '--email', 'not-an-email', '--role', 'support'], {
      env: { ...env(), LOCKERLINE_LOCALE: '', LANG: 'es_ES.UTF-8', LC_ALL: '' },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(es.validation.email);
    const help = await cli(['db', '--help'], { env: { LOCKERLINE_LOCALE: 'es' } });
    expect(help.stdout).toContain(es.cli.db_migrate);
    const imports = await cli(['import', 'shipments', '--help'], { env: { LOCKERLINE_LOCALE: '', LANG: 'es_ES.UTF-8', LC_ALL: '' } });
    for (const phrase of [es.cli.import_shipments, es.cli.option_import_merchant, es.cli.option_only_valid, es.cli.import_exit_codes]) {
      expect(flat(imports.stdout)).toContain(phrase);
    }
  });

  it('shows the import, export and template help in Spanish', async () => {
    const spanish = { LOCKERLINE_LOCALE: 'es' };
    const expected: [string[], string[]][] = [
      [[], [es.cli.description, es.cli.import, es.cli.export, es.cli.template]],
      [['import', 'batch-items'], [es.cli.import_batch_items, es.cli.option_import_batch, es.cli.option_import_dry_run, es.cli.option_report_json]],
      [['import', 'shipments'], [es.cli.option_sheet]],
      [['export', 'shipments'], [es.cli.export_shipments, es.cli.option_file_format, es.cli.option_export_status, es.cli.option_export_merchant, es.cli.option_header_locale, es.cli.option_export_out]],
      [['template', 'shipments'], [es.cli.template_shipments, es.cli.option_template_out, es.cli.option_template_locale]],
      [['shipments', 'print'], [es.cli.arg_shipment_ids, es.cli.option_out, es.cli.option_format]],
      [['packages'], [es.cli.arg_package_targets]],
    ];
    for (const [args, phrases] of expected) {
      const help = await helpOf(spanish, ...args);
      for (const phrase of phrases) expect(help, args.join(' ')).toContain(flat(phrase));
    }
  });

  it('needs --email and --role', async () => {
    const res = await cli(['users', 'create', '--role', 'support'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('--email');
  });
});
