/**
 * api/db/bulk-insert.ts on SQLite and (TEST_DB=postgres) PostgreSQL: calls larger than one statement keep
 * their rows and order, `ignoreConflictOn` skips rows clashing with a unique key, and updateRows writes each
 * row its own values only where the compare-and-set columns still match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../api/db/database.js';
import { insertRows, MAX_PARAMETERS, updateRows, type RowsUpdate } from '../../api/db/bulk-insert.js';
import { migrateToLatest } from '../../api/db/migrate.js';
import { openTestDatabase } from './helpers.js';

const STAMP = '2031-01-01T00:00:00.000Z';
const EVENT_COLUMNS = ['subject_type', 'subject_id', 'kind', 'from_status', 'to_status', 'actor_id', 'location_id', 'reason', 'data', 'created_at'];

describe('bulk writes', () => {
  let database: Db;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('inserts more rows than one statement holds, in order, nulls kept', async () => {
    // 10 values a row: more rows than one PostgreSQL statement may bind, and an odd count for SQLite's 2^k statements.
    const count = Math.floor(MAX_PARAMETERS / EVENT_COLUMNS.length) + 333;
    const rows = Array.from({ length: count }, (_, i) => ['shipment', i + 1, 'bulk', i % 2 ? null : 10, undefined, null, null, i % 3 ? `r${i}` : null, null, STAMP]);
    const inserted = await db().transaction().execute((trx) => insertRows<{ id: number; subject_id: number }>(trx, 'events', EVENT_COLUMNS, rows, ['id', 'subject_id']));
    expect(inserted.map((r) => Number(r.subject_id))).toEqual(rows.map((r) => r[1]));
    const ids = inserted.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const stored = await db().selectFrom('events').selectAll().where('kind', '=', 'bulk').orderBy('id').execute();
    expect(stored).toHaveLength(count);
    expect(stored.map((e) => [e.subject_id, e.from_status, e.to_status, e.reason])).toEqual(rows.map((r) => [r[1], r[3], null, r[7]]));
  });

  it('skips rows whose unique key is taken, and returns only the rows inserted', async () => {
    const row = (key: string, i: number) => [key, 'email', 'batch-notify', null, 'batch_items', i, `c${i}@example.net`, 'en', '{}', 'pending', 0, STAMP, STAMP, STAMP];
    const columns = ['idempotency_key', 'kind', 'event', 'merchant_id', 'subject_type', 'subject_id', 'recipient', 'locale', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'];
    const keep = { ignoreConflictOn: ['idempotency_key'] };
    await insertRows(db(), 'outbox', columns, [row('k1', 1), row('k2', 2)], [], keep);
    const back = await insertRows<{ idempotency_key: string }>(db(), 'outbox', columns, [row('k2', 20), row('k3', 3), row('k3', 30), row('k4', 4)], ['idempotency_key'], keep);
    expect(back.map((r) => r.idempotency_key)).toEqual(['k3', 'k4']);
    const stored = await db().selectFrom('outbox').select(['idempotency_key', 'subject_id']).orderBy('idempotency_key').execute();
    expect(stored).toEqual([
      { idempotency_key: 'k1', subject_id: 1 },
      { idempotency_key: 'k2', subject_id: 2 },
      { idempotency_key: 'k3', subject_id: 3 },
      { idempotency_key: 'k4', subject_id: 4 },
    ]);
    await expect(insertRows(db(), 'outbox', columns, [row('k1', 9)])).rejects.toThrow();
  });

  it('updates each row with its own values where the compare-and-set columns still match', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => ['batch', i + 1, 'cas', 1, null, null, null, `v${i}`, null, STAMP]);
    const ids = (await insertRows<{ id: number }>(db(), 'events', EVENT_COLUMNS, rows, ['id'])).map((r) => Number(r.id));
    const spec: RowsUpdate = {
      key: ['id', 'integer'],
      set: [['to_status', 'integer'], ['reason', 'text'], ['data', 'text']],
      match: [['from_status', 'integer'], ['location_id', 'integer']],
      returning: ['id'],
    };
    // Every third row expects a from_status it no longer has; one key does not exist.
    const updates = ids.map((id, i) => [id, i, `w${i}`, null, i % 3 === 0 ? 2 : 1, null]);
    updates.push([999_999_999, 1, 'x', null, 1, null]);
    const written = await db().transaction().execute((trx) => updateRows<{ id: number }>(trx, 'events', spec, updates));
    const expected = ids.filter((_, i) => i % 3 !== 0);
    expect(written.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(expected);
    const stored = await db().selectFrom('events').select(['id', 'to_status', 'reason', 'data']).where('kind', '=', 'cas').orderBy('id').execute();
    expect(stored).toEqual(ids.map((id, i) => (i % 3 === 0 ? { id, to_status: null, reason: `v${i}`, data: null } : { id, to_status: i, reason: `w${i}`, data: null })));
  });
});
