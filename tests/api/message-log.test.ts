/**
 * The superadmin message log (GET /api/messages): a filter value that is not one of its choices is refused with a
 * 422 on that parameter in the user's language; it used to be ignored, answering every message as if filtered.
 * Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
