/**
 * Offline scanning, server side (issue 14, docs/offline-scanning.md): POST /api/scans/sync applies a device's
 * queued scans through the live verbs' rules, once per client id (replays, two tabs at once), in order (a scan
 * that depends on an earlier one), first scan wins between two devices; malformed scans and device times are
 * refused per scan; GET /api/scans/known lists each role's own packages. Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL (project api-pg).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_BATCH_MAX, SCAN_KNOWN_CAP, SCAN_MAX_AGE_DAYS, SCAN_SYNC_KEEP_DAYS } from '../../core/policies/scans.policy.js';
import { pruneScanSyncs } from '../../api/jobs/scan-syncs.job.js';
import { createTestApp, guest, login, rowCounts, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, createShipment, locationIds, statusOf } from './operations-support.js';

let t: TestApp;
let ma: Client; // Acme merchant admin: creates the shipments
let driver: Client;
let driver2: Client; // a second driver, Spanish
let pudo: Client; // Bay Street Pharmacy (PD-NAS-01)
let wh: Client; // Nassau Central Warehouse
const id = { pudo: 0, otherPudo: 0, locker: 0, warehouse: 0, driver: 0, driver2: 0 };

type Scan = Record<string, unknown>;
type Outcome = { client_id: string | null; result: string; code?: string; message?: string; package?: { id: number; barcode: string; status: number; status_label?: string }; server_time: string; replayed: boolean };

/** The first bytes of a PNG (its signature and header): what a photo's type is told by. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
/** A device time written as a phone in the Bahamas would (UTC-5). */
function deviceTime(at: Date): string {
  const local = new Date(at.getTime() - 5 * 3_600_000).toISOString().slice(0, 19);
  return `${local}-05:00`;
}
const scan = (barcode: string, action: string, extra: Scan = {}): Scan => ({ client_id: randomUUID(), barcode, action, occurred_at: deviceTime(minutesAgo(3)), ...extra });
/** A scan made `minutes` ago in real time, stamped by a device whose clock is `behind` ms slow (negative: ahead). */
const skewedBy = (barcode: string, minutes: number, behind: number) => scan(barcode, 'pickup', { occurred_at: deviceTime(new Date(Date.now() - minutes * 60_000 - behind)) });

async function sync(client: Client, scans: unknown[]): Promise<Outcome[]> {
  const res = await client.post('/api/scans/sync', { scans });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as Outcome[];
  expect(data).toHaveLength(scans.length);
  return data;
}

const packageEvents = (packageId: number) => t.db.selectFrom('events').selectAll().where('subject_type', '=', 'package').where('subject_id', '=', packageId).orderBy('id').execute();

/** One package of a new Acme shipment to `dropoff`, waiting for the driver (30). */
async function waiting(dropoff: number) {
  return (await awaitingPickup(ma, dropoff, ['SMALL'])).packages[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(id, await locationIds(t.db, { pudo: 'PD-NAS-01', otherPudo: 'PD-NAS-02', locker: 'LK-NAS-01', warehouse: 'WH-NAS-01' }));
  const first = await t.db.selectFrom('users').selectAll().where('email', '=', 'driver@example.com').executeTakeFirstOrThrow();
  id.driver = first.id;
  const { id: _id, ...copy } = first;
  id.driver2 = (await t.db.insertInto('users').values({ ...copy, email: 'driver2@example.com', first_name: 'Diego', locale: 'es' }).returning('id').executeTakeFirstOrThrow()).id;
  [ma, driver, driver2, pudo, wh] = await Promise.all(
    ['merchant.admin@example.com', 'driver@example.com', 'driver2@example.com', 'pudo@example.com', 'warehouse@example.com'].map((e) => login(t.app, e)),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/scans/sync', () => {
  it('applies a scan once: a replay answers the same outcome, changes nothing and records no event', async () => {
    const p = await waiting(id.pudo);
    const batch = [scan(p.barcode, 'pickup')];
    const [first] = await sync(driver, batch);
    expect(first).toMatchObject({ client_id: batch[0]!.client_id, result: 'applied', replayed: false, package: { id: p.id, barcode: p.barcode, status: 50, status_label: 'In transit' } });
    expect(first!.code).toBeUndefined();
    expect(await statusOf(t.db, 'packages', p.id)).toBe(50);
    const events = await packageEvents(p.id);
    const counts = rowCounts(t.db);
    const before = await counts();

    const again = await sync(driver, batch);
    expect(again[0]).toEqual({ ...first, replayed: true });
    expect(await counts()).toBe(before);
    expect(await packageEvents(p.id)).toEqual(events);
  });

  it('records the device time on the event next to the server time, and the device as it was sent', async () => {
    const p = await waiting(id.pudo);
    const at = minutesAgo(42);
    const s = scan(p.barcode, 'pickup', { occurred_at: deviceTime(at), latitude: 25.06, longitude: -77.34, accuracy_m: 12 });
    const [out] = await sync(driver, [s]);
    expect(out!.result).toBe('applied');
    const event = (await packageEvents(p.id)).find((e) => e.to_status === 50)!;
    expect(event.occurred_at).toBe(new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString());
    expect(event.created_at).toBe(out!.server_time);
    expect(JSON.parse(event.data!).scan).toEqual({ client_id: s.client_id, device_time: s.occurred_at, latitude: 25.06, longitude: -77.34, accuracy_m: 12 });
    // The package history shows it (the show payload's events carry occurred_at).
    const shown = (await driver.get(`/api/packages/${p.id}`)).json().data;
    expect(shown.events.find((e: { to_status: number }) => e.to_status === 50).occurred_at).toBe(event.occurred_at);
  });

  it('applies scans in the order sent: a deposit queued before its pickup is refused with the reason, the pickup applies', async () => {
    const p = await waiting(id.locker);
    const [deposit, pickup] = await sync(driver, [scan(p.barcode, 'deposit'), scan(p.barcode, 'pickup')]);
    expect(deposit).toMatchObject({ result: 'refused', code: 'package.action_not_allowed', package: { id: p.id, status: 30 } });
    expect(deposit!.message).toBeTruthy();
    expect(pickup).toMatchObject({ result: 'applied', package: { status: 50 } });
    // The deposit scanned again (a new scan) now applies.
    const [later] = await sync(driver, [scan(p.barcode, 'deposit')]);
    expect(later).toMatchObject({ result: 'applied', package: { status: 90 } });
  });

  it("across devices: the PUDO's check-in that reaches the server before the driver's pickup is refused with the reason", async () => {
    const p = await waiting(id.pudo);
    const [early] = await sync(pudo, [scan(p.barcode, 'check-in')]);
    expect(early).toMatchObject({ result: 'refused', package: { id: p.id, status: 30 } });
    expect(early!.code).toMatch(/^package\./);
    expect(early!.message).toBeTruthy();
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
    const [pickup] = await sync(driver, [scan(p.barcode, 'pickup')]);
    expect(pickup).toMatchObject({ result: 'applied', package: { status: 50 } });
    const [checkIn] = await sync(pudo, [scan(p.barcode, 'check-in')]);
    expect(checkIn).toMatchObject({ result: 'applied', package: { status: 90 } });
  });

  it('two drivers, one package, at once: the first scan to reach the server wins, the other is refused and changes nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await waiting(id.pudo);
      const [a, b] = await Promise.all([sync(driver, [scan(p.barcode, 'pickup')]), sync(driver2, [scan(p.barcode, 'pickup')])]);
      const outcomes = [a[0]!, b[0]!];
      expect(outcomes.filter((o) => o.result === 'applied')).toHaveLength(1);
      const lost = outcomes.find((o) => o.result === 'refused')!;
      expect(lost.code).toBe('package.already_picked_up');
      // The loser sees nothing of a package now carried by someone else.
      expect(lost.package).toBeUndefined();
      const winner = outcomes[0]!.result === 'applied' ? id.driver : id.driver2;
      expect(await t.db.selectFrom('packages').select(['status', 'driver_id']).where('id', '=', p.id).executeTakeFirstOrThrow()).toEqual({ status: 50, driver_id: winner });
      expect((await packageEvents(p.id)).filter((e) => e.to_status === 50)).toHaveLength(1);
    }
  });

  it('a later scan of a package someone else picked up is refused in the user\'s language', async () => {
    const p = await waiting(id.pudo);
    await sync(driver, [scan(p.barcode, 'pickup')]);
    const [late] = await sync(driver2, [scan(p.barcode, 'pickup')]);
    expect(late).toMatchObject({ result: 'refused', code: 'package.already_picked_up', message: 'Otra persona ya ha recogido este paquete' });
    const [mine] = await sync(driver, [scan(p.barcode, 'pickup')]);
    expect(mine).toMatchObject({ result: 'refused', code: 'package.already_picked_up_by_you', package: { id: p.id } });
  });

  it('the same batch sent twice at once (two tabs) applies each scan once', async () => {
    const packages = await Promise.all([waiting(id.pudo), waiting(id.pudo), waiting(id.pudo)]);
    const batch = packages.map((p) => scan(p.barcode, 'pickup'));
    const [one, two] = await Promise.all([sync(driver, batch), sync(driver, batch)]);
    for (let i = 0; i < batch.length; i++) {
      expect([one[i]!.result, two[i]!.result]).toEqual(['applied', 'applied']);
      expect([one[i]!.replayed, two[i]!.replayed].sort()).toEqual([false, true]);
      expect(one[i]!.server_time).toBe(two[i]!.server_time);
      expect((await packageEvents(packages[i]!.id)).filter((e) => e.to_status === 50)).toHaveLength(1);
    }
    expect(await t.db.selectFrom('scan_syncs').select('client_id').where('client_id', 'in', batch.map((s) => s.client_id as string)).execute()).toHaveLength(3);
  });

  it("another user's client id is refused without a word about its scan", async () => {
    const p = await waiting(id.pudo);
    const mine = scan(p.barcode, 'pickup');
    await sync(driver, [mine]);
    const [theirs] = await sync(driver2, [{ ...mine }]);
    expect(theirs).toEqual({ client_id: mine.client_id, result: 'refused', code: 'scan.client_id_taken', message: expect.any(String), server_time: expect.any(String), replayed: false });
  });

  it('a barcode outside the scope is refused like the live lookup, and leaks no package', async () => {
    const printed = (await createShipment(ma, id.pudo, ['SMALL'])).packages[0]!;
    expect((await ma.post(`/api/shipments/${printed.id}/print`)).statusCode).toBeLessThan(500);
    const elsewhere = await waiting(id.otherPudo);
    const cases: [Client, Scan][] = [
      [driver, scan('NOPE0000001', 'pickup')],
      [driver, scan(printed.barcode, 'pickup')],
      [pudo, scan(elsewhere.barcode, 'check-in', { location_id: id.pudo })],
    ];
    for (const [client, s] of cases) {
      const lookup = await client.get('/api/packages/lookup', { barcode: s.barcode });
      expect(lookup.statusCode).toBe(404);
      const [out] = await sync(client, [s]);
      expect(out).toMatchObject({ result: 'refused', code: lookup.json().code, message: lookup.json().message });
      expect(out!.package).toBeUndefined();
    }
  });

  it('PUDO: a check-in and a hand-over with the ID photo, through the queue', async () => {
    const p = await waiting(id.pudo);
    await sync(driver, [scan(p.barcode, 'pickup')]);
    const [checkIn] = await sync(pudo, [scan(p.barcode, 'check-in')]);
    expect(checkIn).toMatchObject({ result: 'applied', package: { status: 90 } });
    const [noPhoto] = await sync(pudo, [scan(p.barcode, 'check-out')]);
    expect(noPhoto).toMatchObject({ result: 'refused', code: 'package.identification_required' });
    // A photo only labelled as one (text, a PNG sent as JPEG) is no proof of the customer's ID: refused, nothing kept.
    const lying = [
      { mime: 'image/png', data: Buffer.from('a tiny png of an ID card').toString('base64') },
      { mime: 'image/jpeg', data: PNG.toString('base64') },
      { mime: 'image/webp', data: 'AA==' },
    ];
    const refusedPhotos = await sync(pudo, lying.map((identification) => scan(p.barcode, 'check-out', { identification })));
    for (const out of refusedPhotos) {
      expect(out).toMatchObject({ result: 'refused', code: 'scan.invalid' });
      expect(out.message).toContain('identification.data');
    }
    expect(await statusOf(t.db, 'packages', p.id)).toBe(90);
    expect(await t.db.selectFrom('package_images').select('package_id').where('package_id', '=', p.id).execute()).toEqual([]);
    const photo = { mime: 'image/png', data: PNG.toString('base64') };
    const [out] = await sync(pudo, [scan(p.barcode, 'check-out', { identification: photo })]);
    expect(out).toMatchObject({ result: 'applied', package: { status: 100 } });
    const image = await t.db.selectFrom('package_images').select(['mime', 'data']).where('package_id', '=', p.id).executeTakeFirstOrThrow();
    expect(image.mime).toBe('image/png');
    expect(Buffer.from(image.data).equals(PNG)).toBe(true);
  });

  it('warehouse: a check-in, and a check-out that must name the driver', async () => {
    const p = await waiting(id.pudo);
    await sync(driver, [scan(p.barcode, 'pickup')]);
    const [checkIn] = await sync(wh, [scan(p.barcode, 'check-in', { location_id: id.warehouse })]);
    expect(checkIn).toMatchObject({ result: 'applied', package: { status: 60 } });
    const [nobody] = await sync(wh, [scan(p.barcode, 'check-out', { location_id: id.warehouse })]);
    expect(nobody).toMatchObject({ result: 'refused', code: 'scan.invalid' });
    expect(nobody!.message).toContain('handover_to');
    const [out] = await sync(wh, [scan(p.barcode, 'check-out', { location_id: id.warehouse, handover_to: id.driver2 })]);
    expect(out).toMatchObject({ result: 'applied', package: { status: 50 } });
  });

  it('device times: older than the limit is refused, a clock ahead is recorded at the server time and flagged', async () => {
    const p = await waiting(id.pudo);
    const [old] = await sync(driver, [scan(p.barcode, 'pickup', { occurred_at: deviceTime(minutesAgo((SCAN_MAX_AGE_DAYS * 24 + 1) * 60)) })]);
    expect(old).toMatchObject({ result: 'refused', code: 'scan.too_old' });
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
    const [ahead] = await sync(driver, [scan(p.barcode, 'pickup', { occurred_at: deviceTime(new Date(Date.now() + 3_600_000)) })]);
    expect(ahead!.result).toBe('applied');
    const event = (await packageEvents(p.id)).find((e) => e.to_status === 50)!;
    expect(event.occurred_at).toBe(event.created_at);
    expect(JSON.parse(event.data!).scan.clock_ahead).toBe(true);
  });

  it('malformed scans are refused one by one; the others still apply', async () => {
    const p = await waiting(id.pudo);
    const good = scan(p.barcode, 'pickup');
    const bad: [Scan, string][] = [
      [{ ...scan(p.barcode, 'pickup'), client_id: 'short' }, 'client_id'],
      [{ ...scan(p.barcode, 'pickup'), barcode: 12345 }, 'barcode'],
      [{ ...scan(p.barcode, 'pickup'), action: 'cancel' }, 'action'],
      [{ ...scan(p.barcode, 'pickup'), occurred_at: '2026-02-30T10:00:00Z' }, 'occurred_at'],
      [{ ...scan(p.barcode, 'pickup'), occurred_at: '2026-11-25T10:00:00' }, 'occurred_at'],
      [{ ...scan(p.barcode, 'pickup'), occurred_at: 'yesterday' }, 'occurred_at'],
      [{ ...scan(p.barcode, 'pickup'), location_id: '3' }, 'location_id'],
      [{ ...scan(p.barcode, 'pickup'), latitude: 123 }, 'latitude'],
      [{ ...scan(p.barcode, 'check-out'), identification: { mime: 'image/gif', data: 'AAAA' } }, 'identification'],
      [{ ...scan(p.barcode, 'check-out'), identification: { mime: 'image/png', data: 'not base64!' } }, 'identification.data'],
      [{ client_id: randomUUID() }, 'barcode'],
    ];
    const outcomes = await sync(driver, [...bad.map(([s]) => s), good]);
    bad.forEach(([s, field], i) => {
      expect(outcomes[i], field).toMatchObject({ result: 'refused', code: 'scan.invalid', replayed: false });
      expect(outcomes[i]!.message).toContain(field);
      expect(outcomes[i]!.client_id).toBe(s.client_id);
    });
    expect(outcomes.at(-1)).toMatchObject({ result: 'applied', package: { id: p.id, status: 50 } });
  });

  it('a photo over 2 MB is refused, a body over the limit answers 413', async () => {
    const p = await waiting(id.pudo);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * 1024 * 1024 - 2, 7)]).toString('base64'); // a JPEG's start, 1 byte over
    const [out] = await sync(pudo, [scan(p.barcode, 'check-out', { identification: { mime: 'image/jpeg', data: big } })]);
    expect(out).toMatchObject({ result: 'refused', code: 'scan.invalid' });
    const huge = Buffer.alloc(10 * 1024 * 1024, 7).toString('base64');
    const res = await pudo.post('/api/scans/sync', { scans: [scan(p.barcode, 'check-out', { identification: { mime: 'image/jpeg', data: huge } })] });
    expect(res.statusCode).toBe(413);
  });

  it('a malformed envelope is refused whole, nothing applied', async () => {
    const p = await waiting(id.pudo);
    const counts = rowCounts(t.db);
    const before = await counts();
    const tooMany = Array.from({ length: SCAN_BATCH_MAX + 1 }, () => scan(p.barcode, 'pickup'));
    const res = await driver.post('/api/scans/sync', { scans: tooMany });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('scan.batch_too_large');
    for (const body of [{}, { scans: [] }, { scans: 'x' }, { scans: [1] }, { scans: [null] }, { scans: [[]] }]) {
      const r = await driver.post('/api/scans/sync', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(r.json().code).toBe('validation.failed');
    }
    expect((await driver.post('/api/scans/sync', [1, 2])).statusCode).toBe(400);
    expect(await counts()).toBe(before);
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
  });

  it('only the scanning roles (and superadmin, support) may sync or fetch', async () => {
    const p = await waiting(id.pudo);
    for (const email of ['merchant.admin@example.com', 'merchant.user@example.com', 'other.admin@example.com']) {
      const client = await login(t.app, email);
      expect((await client.post('/api/scans/sync', { scans: [scan(p.barcode, 'pickup')] })).statusCode, email).toBe(403);
      expect((await client.get('/api/scans/known')).statusCode, email).toBe(403);
    }
    const anonymous = await guest(t.app);
    expect((await anonymous.post('/api/scans/sync', { scans: [scan(p.barcode, 'pickup')] })).statusCode).toBe(401);
    expect((await anonymous.get('/api/scans/known')).statusCode).toBe(401);
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
    const support = await login(t.app, 'support@example.com');
    expect((await support.get('/api/scans/known')).statusCode).toBe(200);
  });
});

describe('a device clock that is wrong: sent_at, the device clock at the send', () => {
  const DAY = 86_400_000;
  /** A scan made `minutes` ago in real time, stamped by a device whose clock is `behind` ms slow (negative: ahead). */
  const skewed = (barcode: string, minutes: number, behind: number) => scan(barcode, 'pickup', { occurred_at: deviceTime(new Date(Date.now() - minutes * 60_000 - behind)) });
  /** The device's clock now, as the device writes it. */
  const deviceNow = (behind: number) => deviceTime(new Date(Date.now() - behind));
  const pickupEvent = async (packageId: number) => (await packageEvents(packageId)).find((e) => e.to_status === 50)!;

  it('a batch from a device 10 days behind is applied, each scan at its real time, in order', async () => {
    const [p1, p2] = await Promise.all([waiting(id.pudo), waiting(id.pudo)]);
    const behind = 10 * DAY;
    const batch = [skewed(p1.barcode, 40, behind), skewed(p2.barcode, 20, behind)];
    const before = Date.now();
    const res = await driver.post('/api/scans/sync', { scans: batch, sent_at: deviceNow(behind) });
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Outcome[]).map((o) => [o.result, o.package?.status])).toEqual([['applied', 50], ['applied', 50]]);
    const [e1, e2] = [await pickupEvent(p1.id), await pickupEvent(p2.id)];
    // Corrected by the offset the server measured: the real time, give or take the request's own time (never later than the server's now).
    const real = (minutes: number) => [before - minutes * 60_000 - 1000, after - minutes * 60_000 + 1000];
    for (const [event, minutes] of [[e1, 40], [e2, 20]] as const) {
      const at = Date.parse(event.occurred_at!);
      const [lo, hi] = real(minutes);
      expect(at, event.occurred_at!).toBeGreaterThanOrEqual(lo!);
      expect(at, event.occurred_at!).toBeLessThanOrEqual(hi!);
      expect(at).toBeLessThanOrEqual(Date.parse(event.created_at));
    }
    expect(Date.parse(e1.occurred_at!)).toBeLessThan(Date.parse(e2.occurred_at!));
    // What the device said is kept as it was sent, with how far its clock was off.
    const facts = JSON.parse(e1.data!).scan;
    expect(facts.device_time).toBe(batch[0]!.occurred_at);
    expect(Math.abs(facts.clock_offset_ms - behind)).toBeLessThan(60_000);
    expect(facts.clock_ahead).toBeUndefined();
  });

  it('without sent_at the device times are taken as they are: the same scans are refused scan.too_old', async () => {
    const p = await waiting(id.pudo);
    const [out] = await sync(driver, [skewed(p.barcode, 40, 10 * DAY)]);
    expect(out).toMatchObject({ result: 'refused', code: 'scan.too_old' });
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
  });

  it('a device 10 days ahead: its scans keep their real times instead of the server time flagged clock_ahead', async () => {
    const p = await waiting(id.pudo);
    const res = await driver.post('/api/scans/sync', { scans: [skewed(p.barcode, 30, -10 * DAY)], sent_at: deviceNow(-10 * DAY) });
    expect(res.statusCode, res.body).toBe(200);
    const event = await pickupEvent(p.id);
    expect(Math.abs(Date.parse(event.occurred_at!) - (Date.now() - 30 * 60_000))).toBeLessThan(60_000);
    expect(JSON.parse(event.data!).scan.clock_ahead).toBeUndefined();
  });

  it('a right clock is not moved by the time the request took', async () => {
    const p = await waiting(id.pudo);
    const s = scan(p.barcode, 'pickup');
    const res = await driver.post('/api/scans/sync', { scans: [s], sent_at: deviceTime(new Date(Date.now() - 3_000)) });
    expect(res.statusCode, res.body).toBe(200);
    const event = await pickupEvent(p.id);
    expect(event.occurred_at).toBe(new Date(Date.parse(s.occurred_at as string)).toISOString());
    expect(JSON.parse(event.data!).scan.clock_offset_ms).toBeUndefined();
  });

  it('a resend of the same batch, with the clock of that send, is answered from the first handling and stores nothing twice', async () => {
    const [p1, p2] = await Promise.all([waiting(id.pudo), waiting(id.pudo)]);
    const behind = 10 * DAY;
    const batch = [skewed(p1.barcode, 40, behind), skewed(p2.barcode, 20, behind)];
    const first = await driver.post('/api/scans/sync', { scans: batch, sent_at: deviceNow(behind) });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().data as Outcome[]).map((o) => o.result)).toEqual(['applied', 'applied']);
    const counts = rowCounts(t.db);
    const before = await counts();
    const events = [await packageEvents(p1.id), await packageEvents(p2.id)];
    // The retry carries a later clock; and a resend whose clock would now make the scans too old changes nothing either.
    for (const sentAt of [deviceNow(behind - 60_000), deviceNow(-30 * DAY)]) {
      const again = await driver.post('/api/scans/sync', { scans: batch, sent_at: sentAt });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual((first.json().data as Outcome[]).map((o) => ({ ...o, replayed: true })));
    }
    expect(await counts()).toBe(before);
    expect([await packageEvents(p1.id), await packageEvents(p2.id)]).toEqual(events);
  });

  it('a sent_at that is not a real date and time is a coded 422 in the user\'s language, and nothing is applied or stored', async () => {
    const p = await waiting(id.pudo);
    const counts = rowCounts(t.db);
    const before = await counts();
    const s = scan(p.barcode, 'pickup');
    const bad: unknown[] = [1764428400000, true, null, {}, ['2026-11-29T10:00:00Z'], '', 'yesterday', '2026-02-30T10:00:00Z', '2026-11-29T24:30:00Z', '2026-11-29T10:00:00', '2026-11-29', `${'9'.repeat(41)}`];
    for (const sent_at of bad) {
      const res = await driver.post('/api/scans/sync', { scans: [s], sent_at });
      expect(res.statusCode, JSON.stringify(sent_at)).toBe(422);
      expect(res.json().code).toBe('validation.failed');
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(sent_at)).toEqual(['sent_at']);
    }
    const es = await driver2.post('/api/scans/sync', { scans: [s], sent_at: '2026-02-30T10:00:00Z' });
    expect(es.json().errors.sent_at).toMatch(/^Debe ser una fecha y hora reales/);
    expect(await counts()).toBe(before);
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
    // The same scan with a good clock is still new: nothing was kept of it.
    const [out] = (await driver.post('/api/scans/sync', { scans: [s], sent_at: deviceNow(0) })).json().data as Outcome[];
    expect(out).toMatchObject({ result: 'applied', replayed: false });
  });

  it('a lying clock gains nothing: the corrected time is held to the same window as any device time', async () => {
    const p = await waiting(id.pudo);
    // A device time after the clock it came with (no honest device sends that): corrected, it is in the future, so the server time, flagged.
    const [ahead] = (await driver.post('/api/scans/sync', { scans: [scan(p.barcode, 'pickup')], sent_at: deviceNow(10 * DAY) })).json().data as Outcome[];
    expect(ahead!.result).toBe('applied');
    const event = await pickupEvent(p.id);
    expect(event.occurred_at).toBe(event.created_at);
    expect(JSON.parse(event.data!).scan).toMatchObject({ clock_ahead: true });
    // A clock far ahead makes a fresh scan look old: refused like a device time that old.
    const q = await waiting(id.pudo);
    const [old] = (await driver.post('/api/scans/sync', { scans: [scan(q.barcode, 'pickup')], sent_at: deviceNow(-10 * DAY) })).json().data as Outcome[];
    expect(old).toMatchObject({ result: 'refused', code: 'scan.too_old' });
  });
});

describe("a clock set right between the scans and the send: each scan's clock_offset_ms, the offset the device knew when it scanned", () => {
  const DAY = 86_400_000;
  /** A scan made `minutes` ago in real time by a device whose clock was then `behind` ms slow and knew it (clock_offset_ms). */
  const scanned = (barcode: string, minutes: number, behind: number, extra: Scan = {}) =>
    scan(barcode, 'pickup', { occurred_at: deviceTime(new Date(Date.now() - minutes * 60_000 - behind)), clock_offset_ms: behind, ...extra });
  const rightNow = () => deviceTime(new Date());
  const pickupEvent = async (packageId: number) => (await packageEvents(packageId)).find((e) => e.to_status === 50)!;

  it('scans made 10 days behind and sent by a clock set right are applied at their real times, in order (refused without it)', async () => {
    const [p1, p2, p3] = await Promise.all([waiting(id.pudo), waiting(id.pudo), waiting(id.pudo)]);
    const behind = 10 * DAY;
    const batch = [scanned(p1.barcode, 40, behind), scanned(p2.barcode, 20, behind)];
    const res = await driver.post('/api/scans/sync', { scans: batch, sent_at: rightNow() });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Outcome[]).map((o) => [o.result, o.package?.status])).toEqual([['applied', 50], ['applied', 50]]);
    const [e1, e2] = [await pickupEvent(p1.id), await pickupEvent(p2.id)];
    for (const [event, minutes] of [[e1, 40], [e2, 20]] as const) {
      expect(Math.abs(Date.parse(event.occurred_at!) - (Date.now() - minutes * 60_000)), event.occurred_at!).toBeLessThan(60_000);
    }
    expect(Date.parse(e1.occurred_at!)).toBeLessThan(Date.parse(e2.occurred_at!));
    expect(JSON.parse(e1.data!).scan).toMatchObject({ device_time: batch[0]!.occurred_at, clock_offset_ms: behind, clock_offset_from: 'scan' });
    // The known limit before it: the same scan without its offset is corrected by the send's (0) and refused.
    const [{ clock_offset_ms: _, ...plain }] = [scanned(p3.barcode, 40, behind)];
    const [out] = (await driver.post('/api/scans/sync', { scans: [plain], sent_at: rightNow() })).json().data as Outcome[];
    expect(out).toMatchObject({ result: 'refused', code: 'scan.too_old' });
  });

  it("is preferred to the send's offset, with the same 5-minute tolerance; a scan without one still takes the send's", async () => {
    const [p1, p2] = await Promise.all([waiting(id.pudo), waiting(id.pudo)]);
    // The clock was right while scanning (offset 2 s: believed, 0) and is 10 days behind at the send.
    const right = scan(p1.barcode, 'pickup', { occurred_at: deviceTime(minutesAgo(30)), clock_offset_ms: 2_000 });
    const old = skewedBy(p2.barcode, 30, 10 * DAY);
    const res = await driver.post('/api/scans/sync', { scans: [right, old], sent_at: deviceTime(new Date(Date.now() - 10 * DAY)) });
    expect((res.json().data as Outcome[]).map((o) => o.result)).toEqual(['applied', 'applied']);
    const [e1, e2] = [await pickupEvent(p1.id), await pickupEvent(p2.id)];
    expect(e1.occurred_at).toBe(new Date(Date.parse(right.occurred_at as string)).toISOString());
    expect(JSON.parse(e1.data!).scan.clock_offset_ms).toBeUndefined();
    expect(Math.abs(Date.parse(e2.occurred_at!) - (Date.now() - 30 * 60_000))).toBeLessThan(60_000);
    expect(JSON.parse(e2.data!).scan.clock_offset_from).toBeUndefined();
  });

  it('a resend with another offset is answered from the first handling and stores nothing', async () => {
    const p = await waiting(id.pudo);
    const s = scanned(p.barcode, 40, 10 * DAY);
    const first = await driver.post('/api/scans/sync', { scans: [s], sent_at: rightNow() });
    expect((first.json().data as Outcome[])[0]!.result).toBe('applied');
    const counts = rowCounts(t.db);
    const before = await counts();
    const events = await packageEvents(p.id);
    for (const clock_offset_ms of [0, -30 * DAY, 30 * DAY]) {
      const again = await driver.post('/api/scans/sync', { scans: [{ ...s, clock_offset_ms }], sent_at: rightNow() });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual((first.json().data as Outcome[]).map((o) => ({ ...o, replayed: true })));
    }
    expect(await counts()).toBe(before);
    expect(await packageEvents(p.id)).toEqual(events);
  });

  it("a clock_offset_ms of the wrong type or absurd is a coded 422 in the user's language, and nothing is applied or stored", async () => {
    const [p1, p2] = await Promise.all([waiting(id.pudo), waiting(id.pudo)]);
    const counts = rowCounts(t.db);
    const before = await counts();
    const good = scan(p1.barcode, 'pickup');
    const s = scan(p2.barcode, 'pickup');
    const bad: unknown[] = ['864000000', null, true, {}, [864_000_000], 1.5, 1e300, 36_525 * DAY + 1, -36_525 * DAY - 1];
    for (const clock_offset_ms of bad) {
      // The bad one second: the first, good, scan is not applied either.
      const res = await driver.post('/api/scans/sync', { scans: [good, { ...s, clock_offset_ms }], sent_at: rightNow() });
      expect(res.statusCode, JSON.stringify(clock_offset_ms)).toBe(422);
      expect(res.json().code).toBe('validation.failed');
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(clock_offset_ms)).toEqual(['scans.1.clock_offset_ms']);
      expect(res.json().errors['scans.1.clock_offset_ms']).toMatch(/^Must be a whole number of milliseconds/);
    }
    const es = await driver2.post('/api/scans/sync', { scans: [{ ...s, clock_offset_ms: 'ayer' }] });
    expect(es.statusCode).toBe(422);
    expect(es.json().errors['scans.0.clock_offset_ms']).toMatch(/^Debe ser un número entero de milisegundos/);
    expect(await counts()).toBe(before);
    expect(await statusOf(t.db, 'packages', p1.id)).toBe(30);
    expect(await statusOf(t.db, 'packages', p2.id)).toBe(30);
    // The same scans with a good offset are still new: nothing was kept of them.
    const ok = (await driver.post('/api/scans/sync', { scans: [good, { ...s, clock_offset_ms: 0 }], sent_at: rightNow() })).json().data as Outcome[];
    expect(ok.map((o) => [o.result, o.replayed])).toEqual([['applied', false], ['applied', false]]);
  });

  it('a lying offset gains nothing: the corrected time is held to the same window as any device time', async () => {
    const [p, q] = await Promise.all([waiting(id.pudo), waiting(id.pudo)]);
    // A fresh scan claimed 10 days ahead: corrected into the past beyond the window, refused like a device time that old.
    const [old] = (await driver.post('/api/scans/sync', { scans: [scan(p.barcode, 'pickup', { clock_offset_ms: -10 * DAY })], sent_at: rightNow() })).json().data as Outcome[];
    expect(old).toMatchObject({ result: 'refused', code: 'scan.too_old' });
    expect(await statusOf(t.db, 'packages', p.id)).toBe(30);
    // Claimed 10 days behind: corrected into the future, so the server time, flagged clock_ahead.
    const [ahead] = (await driver.post('/api/scans/sync', { scans: [scan(q.barcode, 'pickup', { clock_offset_ms: 10 * DAY })], sent_at: rightNow() })).json().data as Outcome[];
    expect(ahead!.result).toBe('applied');
    const event = await pickupEvent(q.id);
    expect(event.occurred_at).toBe(event.created_at);
    expect(JSON.parse(event.data!).scan).toMatchObject({ clock_ahead: true });
  });
});

describe('stored outcomes', () => {
  it('are pruned after the keep window, and a resend that late is refused, not applied again', async () => {
    const p = await waiting(id.pudo);
    const s = scan(p.barcode, 'pickup');
    await sync(driver, [s]);
    const stored = await t.db.selectFrom('scan_syncs').select('created_at').where('client_id', '=', s.client_id as string).executeTakeFirstOrThrow();
    const firstHandled = Date.parse(stored.created_at);
    expect(await pruneScanSyncs(t.db, new Date(firstHandled + (SCAN_SYNC_KEEP_DAYS - 1) * 86_400_000))).toBe(0);
    expect(await pruneScanSyncs(t.db, new Date(firstHandled + (SCAN_SYNC_KEEP_DAYS + 1) * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('scan_syncs').select('client_id').where('client_id', '=', s.client_id as string).executeTakeFirst()).toBeUndefined();
    // The same scan again (here with the device time a month old, as it would be): refused, the package untouched.
    const [late] = await sync(driver, [{ ...s, occurred_at: deviceTime(minutesAgo((SCAN_SYNC_KEEP_DAYS + 1) * 24 * 60)) }]);
    expect(late).toMatchObject({ result: 'refused', code: 'scan.too_old' });
    expect((await packageEvents(p.id)).filter((e) => e.to_status === 50)).toHaveLength(1);
  });
});

describe('GET /api/scans/known', () => {
  type Known = { id: number; barcode: string; status: number; location_id?: number | null; actions: string[]; shipment_name?: string };
  const known = async (client: Client) => {
    const res = await client.get('/api/scans/known');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Known[]; meta: { generated_at: string; capped: boolean } };
  };

  it("a driver gets their pickups and what they carry, never another driver's", async () => {
    const toPick = await waiting(id.pudo);
    const mine = await waiting(id.pudo);
    const theirs = await waiting(id.pudo);
    await sync(driver, [scan(mine.barcode, 'pickup')]);
    await sync(driver2, [scan(theirs.barcode, 'pickup')]);
    const { data, meta } = await known(driver);
    expect(meta.capped).toBe(false);
    expect(Date.parse(meta.generated_at)).toBeGreaterThan(0);
    const byId = new Map(data.map((k) => [k.id, k]));
    expect(byId.get(toPick.id)).toMatchObject({ barcode: toPick.barcode, status: 30, shipment_name: 'Ada Lovelace' });
    expect(byId.get(toPick.id)!.actions).toContain('pickup');
    expect(byId.get(mine.id)).toMatchObject({ status: 50 });
    expect(byId.get(mine.id)!.actions).not.toContain('pickup');
    expect(byId.has(theirs.id)).toBe(false);
    const carried = await t.db.selectFrom('packages').select('id').where('driver_id', '=', id.driver2).execute();
    for (const c of carried) expect(byId.has(c.id)).toBe(false);
  });

  it('a PUDO gets only the packages at or heading to its locations', async () => {
    const here = await waiting(id.pudo);
    const elsewhere = await waiting(id.otherPudo);
    const { data } = await known(pudo);
    const ids = data.map((k) => k.id);
    expect(ids).toContain(here.id);
    expect(ids).not.toContain(elsewhere.id);
    const rows = await t.db.selectFrom('packages').select(['id', 'location_id', 'dropoff_location_id']).where('id', 'in', ids).execute();
    for (const r of rows) expect([r.location_id, r.dropoff_location_id]).toContain(id.pudo);
  });

  it(`is capped at ${SCAN_KNOWN_CAP}, the most recently changed first`, async () => {
    const model = await t.db.selectFrom('packages').selectAll().where('id', '=', (await waiting(id.pudo)).id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = model;
    const stamp = (i: number) => new Date(Date.parse(model.updated_at) + 1000 + i).toISOString();
    const rows = Array.from({ length: SCAN_KNOWN_CAP + 1 }, (_, i) => ({ ...copy, barcode: `CAP${String(i).padStart(8, '0')}`, updated_at: stamp(i) }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insertInto('packages').values(rows.slice(i, i + 200)).execute();
    const started = performance.now();
    const { data, meta } = await known(driver);
    const ms = performance.now() - started;
    expect(meta.capped).toBe(true);
    expect(data).toHaveLength(SCAN_KNOWN_CAP);
    expect(data[0]!.barcode).toBe(`CAP${String(SCAN_KNOWN_CAP).padStart(8, '0')}`);
    expect(data.map((k) => k.barcode)).not.toContain('CAP00000000');
    expect(data.every((k) => k.actions.includes('pickup'))).toBe(true);
    console.log(`GET /api/scans/known, ${SCAN_KNOWN_CAP} packages: ${Math.round(ms)} ms`);
  });
});
