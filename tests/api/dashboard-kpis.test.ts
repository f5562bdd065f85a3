/**
 * The dashboard's charts (issue 15, docs/dashboard.md): each endpoint's numbers on a small dataset made with
 * the real verbs at known instants (expected values worked out by hand below), merchant scoping, roles, bad
 * ranges, and the daily aggregate equal to a rebuild from the events after every verb and after a delete.
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL (project api-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { networkTime } from '../../core/dashboard.js';
import { expirePackages } from '../../api/jobs/package-expiry.job.js';
import { backfillDashboardDaily } from '../../api/resources/dashboard/dashboard-aggregate.js';
import { createTestApp, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, createShipment, locationIds } from './operations-support.js';

// Wednesday 2027-03-10, 10:00 in Nassau (EST, UTC-5): every verb below happens that day or the next.
const clock = fixedClock(new Date('2027-03-01T12:00:00Z'));
const DAY = '2027-03-10';
const HOUR = 3_600_000;
let t: TestApp;
let expiresAt = '';
let sa: Client, support: Client, ma: Client, mu: Client, globex: Client, driver: Client, pudo: Client, wh: Client;
const id = { pudo: 0, acme: 0, globex: 0 };
// The PUDO keeps a package 5 days, the extension adds 24 h: p2 expires on the 16th.
const range = { from: DAY, to: '2027-03-20' };

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
function identification(locationId: number) {
  const boundary = '----kpi' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="location_id"\r\n\r\n${locationId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every row of the aggregate, comparable. */
async function aggregateRows() {
  const rows = await t.db.selectFrom('dashboard_daily').selectAll().orderBy('day').orderBy('merchant_id').orderBy('location_id').execute();
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'day' ? Number(v) : v])));
}

/** The kept aggregate equals a rebuild from the recorded events (what migration 022 does). */
async function expectAggregateMatchesEvents() {
  const kept = await aggregateRows();
  await t.db.deleteFrom('dashboard_daily').execute();
  await backfillDashboardDaily(t.db);
  expect(await aggregateRows()).toEqual(kept);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'other.admin@example.com').execute();
  clock.set(new Date(`${DAY}T15:00:00Z`)); // 10:00 Nassau; the demo data is from the 1st, outside the range
  [sa, support, ma, mu, globex, driver, pudo, wh] = await Promise.all(
    ['superadmin@example.com', 'support@example.com', 'merchant.admin@example.com', 'merchant.user@example.com', 'other.admin@example.com', 'driver@example.com', 'pudo@example.com', 'warehouse@example.com'].map((e) => login(t.app, e)),
  );
  Object.assign(id, await locationIds(t.db, { pudo: 'PD-NAS-01' }));
  const merchant = async (name: string) => (await t.db.selectFrom('merchants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  id.acme = await merchant('Acme Outfitters');
  id.globex = await merchant('Globex');

  // The demo's packages keep away from the range: only this suite's package expires in it.
  await t.db.updateTable('packages').set({ expires_at: '2099-01-01T00:00:00.000Z' }).where('expires_at', 'is not', null).execute();
  // Acme: two packages checked in at the PUDO (2 arrived).
  const s = await awaitingPickup(ma, id.pudo);
  const p1 = s.packages[0]!;
  const p2 = s.packages[1]!;
  for (const p of [p1, p2]) expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
  for (const p of [p1, p2]) expect((await pudo.post(`/api/packages/${p.id}/check-in`, { location_id: id.pudo })).statusCode).toBe(200);
  // 5 h later (15:00 Nassau) p1 is collected: dwell 5 h (bucket <= 8 h), a Wednesday 15:00 pickup.
  clock.advance(5 * HOUR);
  const form = identification(id.pudo);
  const out = await pudo.request({ method: 'POST', url: `/api/packages/${p1.id}/check-out`, body: form.body, headers: form.headers });
  expect(out.statusCode, out.body).toBe(200);
  // p2: extended once, then expires when its storage time is over (the scheduler): 1 extended, 1 expired.
  expect((await ma.post(`/api/packages/${p2.id}/extend-expiry`)).statusCode).toBe(200);
  expiresAt = (await t.db.selectFrom('packages').select('expires_at').where('id', '=', p2.id).executeTakeFirstOrThrow()).expires_at!;
  // A third Acme package is picked up and rerouted (1 rerouted), still the same day.
  const r = await awaitingPickup(ma, id.pudo, ['SMALL']);
  const p3 = r.packages[0]!;
  await driver.post(`/api/packages/${p3.id}/pickup`);
  const alt = (await driver.get(`/api/packages/${p3.id}/alternative-locations`)).json().data as { id: number; class: string }[];
  expect((await driver.post(`/api/packages/${p3.id}/reroute`, { location: alt.find((l) => l.class === 'pudo')!.id })).statusCode).toBe(200);
  clock.set(new Date(Date.parse(expiresAt) + 1000));
  expect(await expirePackages(t.db, t.dialect, clock.now())).toBeGreaterThanOrEqual(1);
  clock.set(new Date(`${DAY}T23:00:00Z`));
});
afterAll(async () => {
  await t?.close();
});

describe('dashboard charts: numbers on a known dataset', () => {
  it('flow: 2 in on the 10th, 1 out (collected); no other arrival or departure', async () => {
    const res = await ma.get('/api/dashboard/flow', range);
    expect(res.statusCode, res.body).toBe(200);
    const { days, range: r } = res.json().data;
    expect(r).toEqual({ from: DAY, to: '2027-03-20', time_zone: 'America/Nassau' });
    expect(days).toHaveLength(11);
    expect(days[0]).toEqual({ day: DAY, arrived: 2, collected: 1, returned: 0, out: 1 });
    expect(days[1]).toEqual({ day: '2027-03-11', arrived: 0, collected: 0, returned: 0, out: 0 });
    expect(days.slice(1).every((d: { arrived: number; out: number }) => d.arrived === 0 && d.out === 0)).toBe(true);
  });

  it('rates: expired, extended and rerouted over arrived (1/2 each); the expiry counts on its own day', async () => {
    const { data } = (await ma.get('/api/dashboard/rates', range)).json();
    const expiryDay = networkTime(new Date(Date.parse(expiresAt) + 1000).toISOString()).day;
    expect(expiryDay > DAY && expiryDay <= range.to).toBe(true);
    expect((await ma.get('/api/dashboard/rates', { from: expiryDay, to: expiryDay })).json().data).toMatchObject({ arrived: 0, expired: 1 });
    expect(data, JSON.stringify(data)).toMatchObject({ arrived: 2, expired: 1, extended: 1, rerouted: 1, expiry_rate: 0.5, extension_rate: 0.5, reroute_rate: 0.5 });
  });

  it('dwell: one collection after 5 h at the PUDO: p50 and p90 in the <= 8 h bucket', async () => {
    const { data } = (await ma.get('/api/dashboard/dwell', range)).json();
    expect(data.locations).toEqual([{ location_id: id.pudo, name: 'Bay Street Pharmacy', collected: 1, p50_hours: 8, p90_hours: 8 }]);
  });

  it('heatmap: the pickup falls on Wednesday (row 2), 15:00 Nassau time', async () => {
    const { cells } = (await ma.get('/api/dashboard/heatmap', range)).json().data;
    expect(cells).toHaveLength(7);
    expect(cells.flat().reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(cells[2][15]).toBe(1);
  });

  it('utilisation: every locker with doors, held doors and a flag; exceptions: the expired package with its shipment', async () => {
    const util = (await sa.get('/api/dashboard/utilisation')).json().data.lockers as { doors: number; occupied: number; utilisation: number; flag: string | null }[];
    expect(util.length).toBeGreaterThan(0);
    for (const l of util) {
      expect(l.doors).toBeGreaterThan(0);
      expect(l.utilisation).toBeCloseTo(l.occupied / l.doors, 3);
      expect(l.flag).toBe(l.utilisation < 0.5 ? 'low' : l.utilisation > 0.9 ? 'high' : null);
    }
    const exc = (await ma.get('/api/dashboard/exceptions')).json().data;
    expect(exc.totals.expired).toBeGreaterThanOrEqual(1);
    expect(exc.rows.find((row: { kind: string; subject_id: number }) => row.kind === 'expired' && row.subject_id > 0)).toMatchObject({ subject_type: 'package' });
  });
});

describe('dashboard charts: tenant scope and roles', () => {
  it('another merchant sees none of Acme\'s numbers and may not ask for them (403)', async () => {
    expect((await globex.get('/api/dashboard/rates', range)).json().data).toMatchObject({ arrived: 0, expired: 0, extended: 0, rerouted: 0 });
    expect((await globex.get('/api/dashboard/flow', range)).json().data.days.every((d: { arrived: number }) => d.arrived === 0)).toBe(true);
    expect((await globex.get('/api/dashboard/dwell', range)).json().data.locations).toEqual([]);
    for (const path of ['flow', 'rates', 'dwell', 'heatmap', 'utilisation', 'exceptions']) {
      const res = await globex.get(`/api/dashboard/${path}`, { ...range, merchant_id: id.acme });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    // Its own id is fine; a merchant user reads its merchant's numbers like the admin.
    expect((await globex.get('/api/dashboard/rates', { ...range, merchant_id: id.globex })).statusCode).toBe(200);
    expect((await mu.get('/api/dashboard/rates', range)).json().data.arrived).toBe(2);
    expect((await globex.get('/api/dashboard/exceptions')).json().data.rows.some((r: { label: string }) => r.label.startsWith('ACME'))).toBe(false);
  });

  it('staff read the network or one merchant', async () => {
    expect((await sa.get('/api/dashboard/rates', { ...range, merchant_id: id.acme })).json().data.arrived).toBe(2);
    expect((await support.get('/api/dashboard/rates', { ...range, merchant_id: id.globex })).json().data.arrived).toBe(0);
    expect((await sa.get('/api/dashboard/rates', range)).json().data.arrived).toBe(2);
    expect((await sa.get('/api/dashboard/rates', { ...range, location_id: id.pudo })).json().data.arrived).toBe(2);
  });

  it('store staff and drivers have no dashboard charts (403); guests 401', async () => {
    for (const c of [driver, pudo, wh]) expect((await c.get('/api/dashboard/flow')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/flow' })).statusCode).toBe(401);
  });
});

describe('dashboard charts: ranges', () => {
  it('defaults to the last 30 days, today included', async () => {
    const { days } = (await ma.get('/api/dashboard/flow')).json().data;
    expect(days).toHaveLength(30);
    expect(days[29].day).toBe(DAY);
  });

  it.each([
    [{ from: '2027-02-30', to: DAY }, 'from', 'Must be a real date written YYYY-MM-DD.'],
    [{ from: DAY, to: 'tomorrow' }, 'to', 'Must be a real date written YYYY-MM-DD.'],
    // A lone garbled end (the other one is derived from it) and a month that does not exist: 422, not 500.
    [{ to: 'tomorrow' }, 'to', 'Must be a real date written YYYY-MM-DD.'],
    [{ from: '2026-13-01' }, 'from', 'Must be a real date written YYYY-MM-DD.'],
    [{ from: DAY, to: '2027-03-01' }, 'to', 'Must not be before the first day.'],
    [{ from: '2025-01-01', to: DAY }, 'to', 'The range may cover at most 366 days.'],
  ])('refuses %o with a coded 422 on %s', async (query, field, message) => {
    const res = await ma.get('/api/dashboard/flow', query);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: message } });
  });

  it('answers a range ending on the last day of year 9999 (its days were compared as text: the server hung)', async () => {
    for (const path of ['flow', 'rates', 'dwell', 'heatmap']) {
      const res = await ma.get(`/api/dashboard/${path}`, { from: '9999-12-01', to: '9999-12-31' });
      expect(res.statusCode, path).toBe(200);
    }
    const { days } = (await ma.get('/api/dashboard/flow', { to: '9999-12-31' })).json().data;
    expect(days).toHaveLength(30);
    expect(days[29]).toMatchObject({ day: '9999-12-31', arrived: 0, out: 0 });
  });

  it('answers in Spanish for a Spanish user', async () => {
    const res = await globex.get('/api/dashboard/flow', { from: DAY, to: '2027-03-01' });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/anterior/);
  });

  it('a merchant_id that is not an id is refused', async () => {
    expect([400, 422]).toContain((await sa.get('/api/dashboard/flow', { merchant_id: 'abc' })).statusCode);
  });
});

describe('the aggregate stays right', () => {
  it('after pickup, check-in, collect, expire, extend and reroute it equals a rebuild from the events', async () => {
    await expectAggregateMatchesEvents();
  });

  it('after a delete (a draft: never counted) nothing moves', async () => {
    const before = await aggregateRows();
    const draft = await createShipment(ma, id.pudo);
    expect((await ma.delete(`/api/shipments/${draft.id}`)).statusCode).toBe(200);
    expect(await aggregateRows()).toEqual(before);
    await expectAggregateMatchesEvents();
  });
});
