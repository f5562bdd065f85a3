/**
 * Every rule lives in core (issue 9, DESIGN.md section 8): outside core/ no code compares a record status to
 * a status constant or literal, and none tests a role bit. Callers ask a named rule in core/policies,
 * core/machines or core/permissions. Walks api/, admin/src and cli/ (tests excluded).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS_TABLES } from '../statuses.js';

const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = ['api', 'admin/src', 'cli'];

/** A role-bit test: roleMatches, a ROLES/ROLE_GROUPS constant, a bitwise role test, or a role compared directly. */
const ROLE_TEST = /\broleMatches\(|\bROLES\.|\bROLE_GROUPS\.|\broles?\s*&[^&]|(?<!&)&(?!&)\s*\w*roles?\b|\bRoles?\.\w+\s*[!=]==|[!=]==\s*Roles?\.\w+|\brole\s*[!=]==/;
/** A status compared to a constant (SHIPMENT_STATUS.draft, P.expired) or a record-status literal (0, -40, 90: HTTP codes have 3 digits). */
const STATUS_TEST = /status\)?\s*(===|!==|==|!=|<=|>=|<|>)\s*(-?\d{1,2}\b|-\d+|[A-Z][A-Z_]*\.[a-z_]+)/;

/**
 * A status compared in SQL (Kysely `where` / `eb`) to a literal (0, -40, 'sending', [20, 30]) or a status
 * constant (P.cancelled, BATCH_STATUS.running): a query names a status set from core instead
 * (`where('status', 'in', EXPIRING_PACKAGE_STATUSES)`). The record's own status (compare-and-set) is not a rule.
 */
const STATUS_NAMES = [...new Set(Object.values(STATUS_TABLES).flatMap((table) => Object.keys(table)))].join('|');
const SQL_STATUS_TEST = new RegExp(String.raw`\b(where|eb)\(\s*'(\w+\.)?status'\s*,\s*'[^']+'\s*,\s*(-?\d|'|\[|[A-Z]\w*\.(${STATUS_NAMES})\b)`);

/** A status set written outside core: an array of two or more status constants (`[P.printed, P.awaiting_pickup]`). */
const STATUS_SET_TEST = new RegExp(String.raw`\[\s*[A-Z]\w*\.(${STATUS_NAMES})\b\s*,\s*[A-Z]\w*\.(${STATUS_NAMES})\b`);

/** Lines that must stay, with why (file: the line's trimmed text). */
const ALLOWED: Record<string, string[]> = {
  // The CLI is an operator at the console: it builds its own actor as a superadmin (no role is tested).
  'cli/services.ts': ['role: ROLES.superadmin,', "return { id: 0, role: ROLES.superadmin, merchant_id: null, features: 0, location_ids: [], user, via: 'token' };"],
  // HTTP status 0 is a network failure (no answer), not a record status.
  'admin/src/screens/shared/scanError.ts': ["if (status === 0) return 'network';", 'status === 0'],
  'admin/src/providers/http.ts': ['export const isNetworkFailure = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 0;'],
};

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

function offenders(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const dir of DIRS) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      const name = relative(ROOT, file).split('\\').join('/');
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (pattern.test(line) && !ALLOWED[name]?.includes(line.trim())) found.push(`${name}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  return found;
}

describe('rules live in core', () => {
  it('finds the patterns it looks for (the walk reaches the sources)', () => {
    expect(ROLE_TEST.test('if (actor.role === ROLES.superadmin)')).toBe(true);
    expect(STATUS_TEST.test('row.status === SHIPMENT_STATUS.draft')).toBe(true);
    expect(STATUS_TEST.test('pkg.status < 0')).toBe(true);
    expect(STATUS_TEST.test('response.status === 401')).toBe(false);
    expect(SQL_STATUS_TEST.test(".where('status', '=', P.ready_to_collect)")).toBe(true);
    expect(SQL_STATUS_TEST.test(".where('packages.status', '!=', 20)")).toBe(true);
    expect(SQL_STATUS_TEST.test("eb('status', 'in', ['pending', 'failed'])")).toBe(true);
    expect(SQL_STATUS_TEST.test(".where('batches.status', '=', BATCH_STATUS.running)")).toBe(true);
    expect(SQL_STATUS_TEST.test(".where('status', 'in', EXPIRING_PACKAGE_STATUSES)")).toBe(false);
    expect(SQL_STATUS_TEST.test(".where('status', '=', shipment.status)")).toBe(false);
    expect(SQL_STATUS_TEST.test(".where('status', 'in', ITEMS_ON_BATCH_START.from)")).toBe(false);
    expect(STATUS_SET_TEST.test('const FAILABLE = [ITEM.draft, ITEM.pending];')).toBe(true);
    expect(STATUS_SET_TEST.test('const steps = [first, second];')).toBe(false);
    expect(ROLE_TEST.test('if (user.role & 8) return')).toBe(true);
    expect(ROLE_TEST.test('const ok = (actor.role & mask) !== 0')).toBe(true);
    expect(ROLE_TEST.test('if (Role.Driver === actor.role)')).toBe(true);
    expect(ROLE_TEST.test('if (a && role.length)')).toBe(false);
    expect([...sourceFiles(join(ROOT, 'api'))].length).toBeGreaterThan(50);
  });

  it('no role-bit test outside core', () => {
    expect(offenders(ROLE_TEST)).toEqual([]);
  });

  it('no status comparison outside core', () => {
    expect(offenders(STATUS_TEST)).toEqual([]);
  });

  it('no SQL status comparison to a literal or a status constant outside core', () => {
    expect(offenders(SQL_STATUS_TEST)).toEqual([]);
  });

  it('no status set written outside core (a named set in core/policies or core/machines instead)', () => {
    expect(offenders(STATUS_SET_TEST)).toEqual([]);
  });
});
