/**
 * The superadmin message log (GET /api/messages): a filter value that is not one of its choices is refused with a
 * 422 on that parameter in the user's language; it used to be ignored, answering every message as if filtered.
 * The log (and a merchant's webhook deliveries) is read and counted over its newest LOG_ROWS_CAP rows, and each filter
 * it accepts is served by an index in its order (issue 11). Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ROWS_CAP } from '../../api/notifications/paging.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;

beforeAll(async () => {
  t = await createTestApp();
  sa = await login(t.app, 'superadmin@example.com');
  const at = '2026-01-01T00:00:00.000Z';
  const row = { kind: 'email', event: 'package-available', subject_type: 'package', subject_id: 1, recipient: 'ana@example.net', created_at: at, updated_at: at, next_attempt_at: at };
  await t.db.deleteFrom('outbox').execute();
  await t.db.insertInto('outbox').values([{ ...row, idempotency_key: 'log-test-1', status: 'sent', merchant_id: 1 }, { ...row, idempotency_key: 'log-test-2', status: 'failed', merchant_id: 2 }]).execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('message log filters', () => {
  it('answers the rows of a valid filter', async () => {
    const failed = await sa.get('/api/messages', { status: 'failed' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().data.map((r: { status: string }) => r.status)).toEqual(['failed']);
    expect((await sa.get('/api/messages', { merchant_id: '1', status: '', kind: 'email' })).json().data).toHaveLength(1);
  });

  it('refuses a value that is not one of the choices (422 on the parameter, en/es) instead of answering everything', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ status: 'faild' }, 'status', 'Must be one of the allowed values.'],
      [{ kind: 'fax' }, 'kind', 'Must be one of the allowed values.'],
      [{ source: 'logs' }, 'source', 'Must be one of the allowed values.'],
      [{ merchant_id: '1.5' }, 'merchant_id', 'Must be a number from 1 to 2147483647.'],
    ];
    for (const [query, field, message] of cases) {
      const res = await sa.get('/api/messages', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: message } });
    }
    const es = await sa.request({ method: 'GET', url: '/api/messages?status=faild', headers: { cookie: `${[...sa.cookies].map(([k, v]) => `${k}=${v}`).filter((c) => !c.startsWith('locale=')).join('; ')}; locale=es` } });
    expect(es.json()).toMatchObject({ code: 'validation.failed', errors: { status: 'Debe ser uno de los valores permitidos.' } });
  });
});

describe('message log paging', () => {
  it('counts up to the cap (totalCapped beyond), and refuses a page past it on `page`', async () => {
    const at = '2026-01-02T00:00:00.000Z';
    const rows = Array.from({ length: LOG_ROWS_CAP + 5 }, (_, i) => ({
      kind: i % 2 ? 'webhook' : 'sms', event: 'package-available', subject_type: 'package', subject_id: 1, recipient: 'https://hooks.example.com/x',
      created_at: at, updated_at: at, next_attempt_at: at, idempotency_key: `log-cap-${i}`, status: 'sent', merchant_id: 1,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('outbox').values(rows.slice(i, i + 500)).execute();

    const all = (await sa.get('/api/messages')).json();
    expect(all.meta).toMatchObject({ total: LOG_ROWS_CAP, totalCapped: true, page: 1, perPage: 25 });
    expect(all.data).toHaveLength(25);
    const failed = (await sa.get('/api/messages', { status: 'failed' })).json();
    expect(failed.meta.total).toBe(1);
    expect(failed.meta.totalCapped).toBeUndefined();

    const last = LOG_ROWS_CAP / 25;
    expect((await sa.get('/api/messages', { page: String(last) })).json().data).toHaveLength(25);
    const deep = await sa.get('/api/messages', { page: String(last + 1) });
    expect(deep.statusCode).toBe(422);
    expect(deep.json()).toMatchObject({ code: 'validation.failed', errors: { page: `Must be a number from 1 to ${last}.` } });

    const deliveries = (await sa.get('/api/merchants/1/webhook-deliveries', { perPage: '10' })).json();
    expect(deliveries.meta).toMatchObject({ total: Math.floor((LOG_ROWS_CAP + 5) / 2) }); // the odd rows: webhooks
    expect(deliveries.meta.totalCapped).toBeUndefined();
    expect((await sa.get('/api/merchants/1/webhook-deliveries', { page: String(LOG_ROWS_CAP / 10 + 1), perPage: '10' })).statusCode).toBe(422);
  }, 120_000);

  it.skipIf(process.env.TEST_DB === 'postgres')('reads every filter through an index in the log\'s order (SQLite plans)', async () => {
    const base = () => t.db.selectFrom('outbox').select('id');
    const pages = {
      none: base(),
      status: base().where('status', '=', 'failed'),
      kind: base().where('kind', '=', 'sms'),
      merchant: base().where('merchant_id', '=', 1),
      deliveries: base().where('kind', '=', 'webhook').where('merchant_id', '=', 1),
    };
    for (const [name, query] of Object.entries(pages)) {
      const compiled = query.orderBy('id', 'desc').limit(25).offset(9_975).compile();
      const { rows } = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      const plan = rows.map((r) => r.detail).join(' | ');
      expect(plan, name).not.toMatch(/TEMP B-TREE/);
      if (name !== 'none') expect(plan, name).toMatch(/USING (COVERING )?INDEX/);
    }
  });
});
