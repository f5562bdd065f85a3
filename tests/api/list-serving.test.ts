/**
 * The list serving shortcuts of issue 11 (docs/resources.md, "Serving costs"): SQLite rows built in JavaScript from
 * arrays are the objects better-sqlite3 would have built; a capped total is remembered per list and user for
 * LIST_COUNT_CACHE_MS, an exact one never; the SQLite time limit looks at the clock once per GUARD_EVERY rows; merchants'
 * and locations' names are kept 2 s, forgotten at once on this process's own writes.
 */
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../api/db/database.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { LIST_SORTS } from '../../core/lists.js';
import { RESOURCE_MODULES } from '../../api/resources/index.js';
import { attachNames } from '../../api/resources/related.js';
import { NAME_CACHE_TTL_MS, watchNames } from '../../api/resources/name-cache.js';
import { countKey, knownCapped, rememberCapped } from '../../api/resources/list-count-cache.js';
import { GUARD_EVERY, guardFor } from '../../api/resources/list-query.js';
import type { RequestActor } from '../../api/http/context.js';

const actor = (id: number, merchant_id: number | null = null) => ({ id, role: 1, merchant_id, location_ids: [] }) as unknown as RequestActor;

describe('SQLite row objects', () => {
  it('match better-sqlite3: every column, nulls, later columns of the same name win, statements reused', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (id integer primary key, name text, n real)`.execute(database.db);
      await sql`insert into t (name, n) values ('a', 1.5), (null, 2)`.execute(database.db);
      for (let i = 0; i < 2; i++) {
        const { rows } = await sql`select id, name, n, 7 as n from t order by id`.execute(database.db);
        expect(rows).toEqual([{ id: 1, name: 'a', n: 7 }, { id: 2, name: null, n: 7 }]);
      }
      const { rows } = await sql`insert into t (name) values ('b') returning id, name`.execute(database.db);
      expect(rows).toEqual([{ id: 3, name: 'b' }]);
      // Odd column names stay plain keys of a plain object, in the order selected.
      const { rows: odd } = await sql`select 1 as "a""b", 2 as "__proto__", 3 as "0", 4 as "x y" from t where id = 1`.execute(database.db);
      expect(Object.getPrototypeOf(odd[0])).toBe(Object.prototype);
      expect(Object.entries(odd[0] as object)).toEqual([['0', 3], ['a"b', 1], ['__proto__', 2], ['x y', 4]]);
    } finally {
      await database.close();
    }
  });
});

describe('capped list totals', () => {
  afterEach(() => void delete process.env.LIST_COUNT_CACHE_MS);

  it('are remembered per database, list and user for the time set, then counted again', () => {
    const db = {} as never;
    const other = {} as never;
    const key = countKey('shipments', actor(1), { filters: { status: [50] }, search: '', scope: 'all' });
    expect(knownCapped(db, key)).toBe(false);
    rememberCapped(db, key, 1_000);
    expect(knownCapped(db, key, 1_001)).toBe(true);
    expect(knownCapped(db, key, 3_001)).toBe(false); // 2 s later
    expect(knownCapped(other, key, 1_001)).toBe(false);
    expect(knownCapped(db, countKey('shipments', actor(2, 5), { filters: { status: [50] }, search: '', scope: 'all' }), 1_001)).toBe(false);
    expect(knownCapped(db, countKey('shipments', actor(1), { filters: { status: [60] }, search: '', scope: 'all' }), 1_001)).toBe(false);
  });

  it('are not remembered with LIST_COUNT_CACHE_MS=0', () => {
    process.env.LIST_COUNT_CACHE_MS = '0';
    const db = {} as never;
    const key = countKey('packages', actor(1), { filters: {}, search: 'x', scope: 'all' });
    rememberCapped(db, key, 1_000);
    expect(knownCapped(db, key, 1_001)).toBe(false);
  });
});

describe('SQLite list time limit', () => {
  it('calls list_guard for one row in GUARD_EVERY, and a passed deadline still stops the statement', async () => {
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await sql`create table t (id integer primary key)`.execute(database.db);
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000) insert into t select i from n`.execute(database.db);
      const guard = guardFor('sqlite', sql.ref('t.id'))!;
      const { rows } = await sql<{ n: number }>`select count(*) as n from t where ${guard}`.execute(database.db);
      expect(rows[0]!.n).toBe(1000);
      process.env.LIST_TIMEOUT_MS = '1';
      const late = guardFor('sqlite', sql.ref('t.id'))!;
      await new Promise((r) => setTimeout(r, 5));
      // Rows 1..63 pass without a look at the clock; row 64 looks and stops the statement.
      await expect(sql`select count(*) as n from t where ${late}`.execute(database.db)).rejects.toThrow(/time limit/);
      const { rows: few } = await sql<{ n: number }>`select count(*) as n from t where id < ${GUARD_EVERY} and ${late}`.execute(database.db);
      expect(few[0]!.n).toBe(GUARD_EVERY - 1);
    } finally {
      delete process.env.LIST_TIMEOUT_MS;
      await database.close();
    }
  });
});

describe('SQLite sorts of the large lists', () => {
  // An unfiltered deep page skips through the sort's index with no time guard (list-query.ts `pageRows`): that is
  // bounded only if every sort the list accepts is an index walk, never a sort of the whole table.
  it('are each walked through an index, both directions, with no sort of the table', async () => {
    // Every list that claims it (spec.sortsIndexed): only those skip without the guard.
    const indexed = Object.values(RESOURCE_MODULES).filter((m) => m.list.sortsIndexed).map((m) => m.list.table);
    expect(indexed.sort()).toEqual(['packages', 'shipments']);
    const database = await openDatabase({ sqliteFile: ':memory:' });
    try {
      await migrateToLatest(database);
      for (const table of indexed as ('shipments' | 'packages')[]) {
        for (const field of LIST_SORTS[table]) {
          for (const dir of ['asc', 'desc']) {
            const order = field === 'id' ? `id ${dir}` : `${field} ${dir}, id ${dir}`;
            const { rows } = await sql<{ detail: string }>`explain query plan select id from ${sql.table(table)} order by ${sql.raw(order)} limit 25 offset 9975`.execute(database.db);
            expect(rows.map((r) => r.detail).join(' | '), `${table} by ${field} ${dir}`).not.toMatch(/TEMP B-TREE/);
          }
        }
      }
    } finally {
      await database.close();
    }
  });
});

describe('related names cache', () => {
  it('keeps merchant names for NAME_CACHE_TTL_MS, forgets them on this handle\'s writes, and never caches other tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'names-'));
    const file = join(dir, 'names.sqlite');
    const app = await openDatabase({ sqliteFile: file });
    const other = await openDatabase({ sqliteFile: file }); // another process writing the same file
    const unwatch = watchNames(app);
    const names = async () => {
      const rows: Record<string, unknown>[] = [{ merchant_id: 1 }, { merchant_id: 2 }, { merchant_id: null }, { merchant_id: 9 }];
      await attachNames(app.db, rows, 'merchant_id', 'merchants', 'merchant_name');
      return rows.map((r) => r.merchant_name);
    };
    try {
      await sql`create table merchants (id integer primary key, name text)`.execute(app.db);
      await sql`insert into merchants (id, name) values (1, 'Acme'), (2, 'Bolt')`.execute(app.db);
      expect(await names()).toEqual(['Acme', 'Bolt', null, null]);
      // Another process's rename shows once the entries are older than the TTL.
      await sql`update merchants set name = 'Acme 2' where id = 1`.execute(other.db);
      expect(await names()).toEqual(['Acme', 'Bolt', null, null]);
      const later = performance.now() + NAME_CACHE_TTL_MS + 1;
      const clock = vi.spyOn(performance, 'now').mockReturnValue(later);
      expect(await names()).toEqual(['Acme 2', 'Bolt', null, null]);
      clock.mockRestore();
      // This handle's own writes apply to the next read at once (a new merchant 9, a rename of 2).
      await app.db.insertInto('merchants' as never).values({ id: 9, name: 'Nine' } as never).execute();
      await sql`update merchants set name = 'Bolt 2' where id = 2`.execute(app.db);
      expect(await names()).toEqual(['Acme 2', 'Bolt 2', null, 'Nine']);
      // Turned off: every call reads.
      unwatch();
      await sql`update merchants set name = 'Bolt 3' where id = 2`.execute(other.db);
      expect(await names()).toEqual(['Acme 2', 'Bolt 3', null, 'Nine']);
    } finally {
      unwatch();
      await other.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
