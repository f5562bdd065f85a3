/**
 * Locker access (issue 13, docs/lockers.md): pickup codes issued at drop-off and carried by the "ready" message
 * (sealed in the outbox, QR in the e-mail, code in the SMS), the terminal's own credential, single use, expiry
 * and extension, resend, courier badges (deposit, retrieval, revocation), door events, and 10,000 wrong codes
 * against one terminal opening nothing. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../api/clock.js';
import { runPackagePass } from '../../api/jobs/package-expiry.job.js';
import { lockerSecret, openPickupCode } from '../../api/lockers/locker-keys.js';
import { emailTransport, textTransport } from '../../api/notifications/transports.js';
import { runDeliveryPass } from '../../api/notifications/worker.js';
import { createMemoryMailer } from '../../api/providers/mail/memory.js';
import { createMemoryTextProvider } from '../../api/providers/sms/memory.js';
import { BADGE_DIGITS, PICKUP_CODE } from '../../core/policies/locker-access.policy.js';
import { createTestApp, guest, login, type Client, type TestApp } from './helpers.js';
import { awaitingPickup, statusOf } from './operations-support.js';

const START = new Date('2025-06-02T09:00:00.000Z');
const clock = fixedClock(START);
let t: TestApp;
let sa: Client;
let ma: Client;
let driver: Client;
let kiosk: Client;
let driverId = 0;
const lockers = { a: 0, b: 0 };
const secrets = { a: '', b: '' };
let badge = '';

const EMAILS = ['superadmin@example.com', 'merchant.admin@example.com', 'driver@example.com'];
async function signIn() {
  [sa, ma, driver] = await Promise.all(EMAILS.map((e) => login(t.app, e)));
}
/** Moves the clock (sessions last 12 h, so everyone signs in again). */
async function travel(to: Date) {
  clock.set(to);
  await signIn();
}

const terminal = (id: number, secret: string) => ({ authorization: `Terminal ${secret}` , 'accept-language': 'en' }) as Record<string, string>;
const open = (at: keyof typeof lockers, code: string, secret = secrets[at]) =>
  kiosk.request({ method: 'POST', url: `/api/terminals/${lockers[at]}/open`, body: { code }, headers: terminal(lockers[at], secret) });
const courier = (path: string, body: Record<string, unknown>, at: keyof typeof lockers = 'a') =>
  kiosk.request({ method: 'POST', url: `/api/terminals/${lockers[at]}/${path}`, body, headers: terminal(lockers[at], secrets[at]) });

async function newLocker(code: string, lat: number): Promise<{ id: number; secret: string }> {
  const created = await sa.post('/api/locations', { name: `Locker ${code}`, code, type: 'dropoff', class: 'locker', locker_service: 'smartbox-v4', latitude: lat, longitude: -77.35 });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  const res = await sa.post(`/api/locations/${id}/create-terminal`, { terminalLayout: 'L32' });
  expect(res.statusCode, res.body).toBe(200);
  const secret = res.json().meta.terminal_secret as string;
  expect(secret).toMatch(/^tl_/);
  return { id, secret };
}

/** The plain codes the outbox carries (sealed) for a package's "ready" messages, oldest first. */
async function codesOf(packageId: number): Promise<string[]> {
  const secret = await lockerSecret(t.db);
  const rows = await t.db.selectFrom('outbox').select('payload').where('subject_type', '=', 'packages').where('subject_id', '=', packageId).where('event', '=', 'package-available').orderBy('id').execute();
  const codes = rows.map((r) => JSON.parse(r.payload) as Record<string, unknown>).map((p) => {
    expect(p).not.toHaveProperty('pickup_code');
    return openPickupCode(secret, String(p.pickup_code_sealed));
  });
  return [...new Set(codes.filter((c): c is string => c !== null))];
}

/** A package of a new shipment to locker A, picked up by the driver and deposited at the kiosk by badge. */
async function deposited(sizes = ['SMALL']): Promise<{ id: number; barcode: string }[]> {
  const s = await awaitingPickup(ma, lockers.a, sizes);
  for (const p of s.packages) expect((await driver.post(`/api/packages/${p.id}/pickup`)).statusCode).toBe(200);
  for (const p of s.packages) {
    const res = await courier('deposit', { badge, barcode: p.barcode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ barcode: p.barcode, status: 90 });
  }
  return s.packages;
}

const doorEvents = async (kind?: string) =>
  (await sa.get(`/api/locations/${lockers.a}/door-events${kind ? `?kind=${kind}` : ''}`)).json().data as { kind: string; package_id: number | null; compartment: number | null; actor_id: number | null }[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  await signIn();
  kiosk = await guest(t.app);
  driverId = (await t.db.selectFrom('users').select('id').where('email', '=', 'driver@example.com').executeTakeFirstOrThrow()).id;
  const a = await newLocker('LK-ACC-A', 25.06);
  const b = await newLocker('LK-ACC-B', 25.07);
  Object.assign(lockers, { a: a.id, b: b.id });
  Object.assign(secrets, { a: a.secret, b: b.secret });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('terminal credential and courier badge', () => {
  it('refuses requests without this terminal’s secret: none, a staff session, another location’s, a rotated one', async () => {
    expect((await sa.post(`/api/terminals/${lockers.a}/open`, { code: '123456' })).json().code).toBe('locker.terminal_unauthenticated');
    expect((await open('a', '123456', secrets.b)).statusCode).toBe(401);
    expect((await kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.b}/open`, body: { code: '123456' }, headers: terminal(lockers.b, secrets.a) })).statusCode).toBe(401);
    const ok = await kiosk.request({ method: 'GET', url: `/api/terminals/${lockers.a}`, headers: terminal(lockers.a, secrets.a) });
    expect(ok.json().data).toMatchObject({ id: lockers.a, code: 'LK-ACC-A' });

    expect((await ma.post(`/api/locations/${lockers.a}/terminal-secret`)).statusCode).toBe(403);
    const rotated = await sa.post(`/api/locations/${lockers.a}/terminal-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect((await kiosk.request({ method: 'GET', url: `/api/terminals/${lockers.a}`, headers: terminal(lockers.a, secrets.a) })).statusCode).toBe(401);
    secrets.a = fresh;
    const stored = await t.db.selectFrom('terminal_credentials').select('secret_hash').where('location_id', '=', lockers.a).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(fresh);
    expect((await sa.get(`/api/locations/${lockers.a}/terminal-secret`)).json().data).toMatchObject({ has_secret: true });
  });

  it('gives drivers a badge code shown once and stored hashed; other roles neither hold nor hand out badges', async () => {
    expect((await driver.post(`/api/users/${driverId}/badge`)).statusCode).toBe(403);
    const maId = (await t.db.selectFrom('users').select('id').where('email', '=', 'merchant.admin@example.com').executeTakeFirstOrThrow()).id;
    expect((await sa.post(`/api/users/${maId}/badge`)).json().code).toBe('locker.not_a_courier');
    const res = await sa.post(`/api/users/${driverId}/badge`);
    expect(res.statusCode, res.body).toBe(200);
    badge = res.json().data.badge;
    expect(badge).toMatch(/^\d{10}$/);
    const row = await t.db.selectFrom('staff_badges').selectAll().where('user_id', '=', driverId).executeTakeFirstOrThrow();
    expect(row.badge_hash).not.toContain(badge);
    expect((await sa.get(`/api/users/${driverId}/badge`)).json().data.created_at).toBeTruthy();
  });
});

describe('courier at the kiosk and the customer’s code', () => {
  let pkgs: { id: number; barcode: string }[] = [];

  it('a courier signs in by badge, sees the reserved doors, deposits: 90, a pickup code sealed into the ready message', async () => {
    const s = await awaitingPickup(ma, lockers.a, ['SMALL', 'MEDIUM']);
    for (const p of s.packages) await driver.post(`/api/packages/${p.id}/pickup`);
    const signedIn = await courier('courier', { badge });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { deposits, courier: who } = signedIn.json().data;
    expect(who.name).toBe('Dana Driver');
    expect(deposits.map((d: { barcode: string }) => d.barcode).sort()).toEqual(s.packages.map((p) => p.barcode).sort());
    expect(deposits.every((d: { compartment: number | null }) => Number.isInteger(d.compartment))).toBe(true);

    for (const p of s.packages) {
      const res = await courier('deposit', { badge, barcode: p.barcode });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.compartment).toBe(deposits.find((d: { barcode: string }) => d.barcode === p.barcode).compartment);
      expect(await statusOf(t.db, 'packages', p.id)).toBe(90);
    }
    pkgs = s.packages;
    // Each package has its own code, in its own message (never grouped away), only sealed in the outbox.
    const [c1] = await codesOf(pkgs[0]!.id);
    const [c2] = await codesOf(pkgs[1]!.id);
    expect(c1).toMatch(/^\d{6}$/);
    expect(c2).toMatch(/^\d{6}$/);
    const stored = await t.db.selectFrom('pickup_codes').select(['code_hash']).where('package_id', 'in', pkgs.map((p) => p.id)).execute();
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toContain(c1!);
    const events = await doorEvents('door-deposit');
    expect(events.filter((e) => pkgs.some((p) => p.id === e.package_id)).every((e) => e.actor_id === driverId)).toBe(true);
  });

  it('the ready message carries the code: e-mail with the QR as an inline PNG, SMS with the code, in the customer’s language', async () => {
    await t.db.updateTable('shipments').set({ locale: 'es' }).where('id', '=', (await t.db.selectFrom('packages').select('shipment_id').where('id', '=', pkgs[0]!.id).executeTakeFirstOrThrow()).shipment_id).execute();
    await t.db.updateTable('outbox').set({ locale: 'es' }).where('subject_type', '=', 'packages').where('subject_id', '=', pkgs[0]!.id).execute();
    const mailer = createMemoryMailer();
    const sms = createMemoryTextProvider();
    await runDeliveryPass({ db: t.db, dialect: t.dialect, clock, publicUrl: 'http://lockerline.test', transports: { email: emailTransport(mailer), sms: textTransport(sms, 'sms') } });
    const [code] = await codesOf(pkgs[0]!.id);
    const mail = mailer.messages.find((m) => m.text.includes(code!));
    expect(mail, JSON.stringify(mailer.messages.map((m) => m.subject))).toBeDefined();
    expect(mail!.text).toContain('Tu código de recogida');
    expect(mail!.html).toContain('cid:pickup-code-qr@lockerline');
    expect(mail!.attachments?.[0]).toMatchObject({ contentType: 'image/png', cid: 'pickup-code-qr@lockerline' });
    expect(mail!.attachments![0]!.content.subarray(1, 4).toString()).toBe('PNG');
    expect(sms.messages.some((m) => m.text.includes(code!))).toBe(true);
  });

  it('the code opens its door once: 100, the door freed, a door event; a second use is refused', async () => {
    const p = pkgs[0]!;
    const [code] = await codesOf(p.id);
    const held = await t.db.selectFrom('locker_compartments').select('compartment').where('package_id', '=', p.id).executeTakeFirstOrThrow();
    expect((await open('b', code!)).json().code).toBe('locker.code_invalid'); // another terminal: not its code
    const res = await open('a', code!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ compartment: held.compartment });
    expect(await statusOf(t.db, 'packages', p.id)).toBe(100);
    expect(await t.db.selectFrom('locker_compartments').select('compartment').where('package_id', '=', p.id).executeTakeFirst()).toBeUndefined();
    const again = await open('a', code!);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'locker.code_invalid', message: expect.stringContaining('not valid') });
    expect((await doorEvents('door-code')).find((e) => e.package_id === p.id)).toMatchObject({ compartment: held.compartment, actor_id: null });
  });

  it('support re-sends: a new code in a new message, the old one is dead; merchants may not', async () => {
    const p = pkgs[1]!;
    const [old] = await codesOf(p.id);
    expect((await ma.post(`/api/packages/${p.id}/resend-pickup-code`)).statusCode).toBe(403);
    const res = await sa.post(`/api/packages/${p.id}/resend-pickup-code`);
    expect(res.statusCode, res.body).toBe(200);
    const codes = await codesOf(p.id);
    const fresh = codes[codes.length - 1]!;
    expect(codes).toHaveLength(2);
    expect(fresh).not.toBe(old);
    expect((await open('a', old!)).json().code).toBe('locker.code_invalid');
    expect((await open('a', fresh)).statusCode).toBe(200);
  });

  it('an expired package’s code is refused as expired; an extension keeps the same code valid', async () => {
    await travel(new Date(clock.now().getTime() + 20 * 60_000)); // a fresh lock window
    const [p] = await deposited();
    const [code] = await codesOf(p!.id);
    const { expires_at } = await t.db.selectFrom('packages').select('expires_at').where('id', '=', p!.id).executeTakeFirstOrThrow();
    await travel(new Date(Date.parse(expires_at!) + 60_000));
    expect((await open('a', code!)).json()).toMatchObject({ code: 'locker.code_expired' });
    await runPackagePass(t.db, t.dialect, clock.now());
    expect(await statusOf(t.db, 'packages', p!.id)).toBe(-40);
    expect((await open('a', code!)).statusCode).toBe(410);
    // In Spanish too, with who does what: the shop asks for more time or tells the customer where the parcel goes
    // (it read "puedes pedir más tiempo o decirle adónde irá": the customer telling the shop).
    const es = await kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.a}/open`, body: { code }, headers: { ...terminal(lockers.a, secrets.a), 'accept-language': 'es' } });
    expect(es.statusCode).toBe(410);
    expect(es.json().message).toContain('Contacta con el remitente (la tienda donde hiciste el pedido) con el número de seguimiento de tu mensaje: la tienda puede pedir más tiempo o decirte adónde irá el paquete.');
    expect((await sa.post(`/api/packages/${p!.id}/extend-expiry`)).statusCode).toBe(200);
    expect(await codesOf(p!.id)).toEqual([code]);
    expect((await open('a', code!)).statusCode).toBe(200);
  });

  it('expired packages made retrievable are listed for the courier and collected by scan (-50), their code dead', async () => {
    const [p] = await deposited(['LARGE']);
    const [code] = await codesOf(p!.id);
    const { expires_at } = await t.db.selectFrom('packages').select('expires_at').where('id', '=', p!.id).executeTakeFirstOrThrow();
    await travel(new Date(Date.parse(expires_at!) + 60_000));
    await runPackagePass(t.db, t.dialect, clock.now());
    expect((await sa.post(`/api/packages/${p!.id}/expire`)).statusCode).toBe(200);
    const list = (await courier('courier', { badge })).json().data.retrievable as { barcode: string; compartment: number }[];
    expect(list.map((r) => r.barcode)).toContain(p!.barcode);
    const res = await courier('retrieve', { badge, barcode: p!.barcode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: -50, compartment: list.find((r) => r.barcode === p!.barcode)!.compartment });
    expect((await open('a', code!)).json().code).toBe('locker.code_invalid');
    expect((await doorEvents('door-retrieve')).some((e) => e.package_id === p!.id && e.actor_id === driverId)).toBe(true);
  });

  it('support opens a door remotely with a reason (audited); door events filter by kind and date', async () => {
    expect((await ma.post(`/api/locations/${lockers.a}/doors/3/open`, { reason: 'stuck door' })).statusCode).toBe(403);
    expect((await sa.post(`/api/locations/${lockers.a}/doors/999/open`, { reason: 'stuck door' })).statusCode).toBe(422);
    expect((await sa.post(`/api/locations/${lockers.a}/doors/3/open`, { reason: 'stuck door' })).statusCode).toBe(200);
    const support = await doorEvents('door-support');
    expect(support[0]).toMatchObject({ compartment: 3 });
    const all = await doorEvents();
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(['door-code', 'door-deposit', 'door-retrieve', 'door-support']));
    const day = clock.now().toISOString().slice(0, 10);
    const today = (await sa.get(`/api/locations/${lockers.a}/door-events?from=${day}&to=${day}`)).json().data as unknown[];
    expect(today.length).toBeGreaterThan(0);
    expect(today.length).toBeLessThan(all.length);
    expect((await sa.get(`/api/locations/${lockers.a}/door-events?kind=door-nothing`)).statusCode).toBe(422);
    // Dates that do not exist, and a range that ends before it starts: a coded 422 on the field, not an empty list.
    for (const [query, field, message] of [
      ['from=2026-11-01&to=2026-02-30', 'to', 'Must be a real date written YYYY-MM-DD.'],
      ['to=2026-13-01', 'to', 'Must be a real date written YYYY-MM-DD.'],
      ['from=2026-11-26T99:99:99Z', 'from', 'Must be a real date written YYYY-MM-DD.'],
      [`from=${day}&to=2020-01-01`, 'to', 'Must not be before the first day.'],
    ] as const) {
      const res = await sa.get(`/api/locations/${lockers.a}/door-events?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { [field]: message } });
    }
    expect((await sa.get(`/api/locations/${lockers.a}/door-events?from=${day}T10:00:00Z&to=${day}`)).statusCode).toBe(200);
    expect((await ma.get(`/api/locations/${lockers.a}/door-events`)).statusCode).toBe(403);
  });

  it('a revoked badge signs nobody in', async () => {
    expect((await sa.delete(`/api/users/${driverId}/badge`)).json().data.revoked).toBe(true);
    expect((await courier('courier', { badge })).json().code).toBe('locker.badge_invalid');
    expect((await courier('deposit', { badge, barcode: 'LL0000000' })).json().code).toBe('locker.badge_invalid');
    badge = (await sa.post(`/api/users/${driverId}/badge`)).json().data.badge;
  });
});

describe('wrongly shaped codes', () => {
  it('are a coded 422 that spends no wrong try and touches no counter: five "1"s do not lock the terminal, the right code still opens', async () => {
    await travel(new Date(clock.now().getTime() + 20 * 60_000)); // a fresh lock window
    const [p] = await deposited();
    const [code] = await codesOf(p!.id);
    const counters = () => t.db.selectFrom('throttle').selectAll().where('key', 'like', `terminal:%:${lockers.a}`).orderBy('key').execute();
    const before = await counters();
    const send = (body: unknown, locale = 'en') =>
      kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.a}/open`, body: body as Record<string, unknown>, headers: { ...terminal(lockers.a, secrets.a), 'accept-language': locale } });
    const shape = { code: 'validation.failed', errors: { code: `A pickup code is exactly ${PICKUP_CODE.digits} digits.` } };

    // The bystander's "1" + Enter, five times, then more malformed codes than the per-minute allowance.
    for (const bad of ['1', '1', '1', '1', '1', '12', '12345', '1234567', '12345a', '12 34', 'abcdef', ' ']) {
      const res = await open('a', bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json(), bad).toMatchObject(shape);
    }
    // A number is not a code: the same coded message, in the kiosk's language.
    const number = await send({ code: 123456 });
    expect(number.statusCode).toBe(422);
    expect(number.json()).toMatchObject(shape);
    expect((await send({ code: 123456 }, 'es')).json()).toMatchObject({ code: 'validation.failed', errors: { code: `Un código de recogida tiene exactamente ${PICKUP_CODE.digits} cifras.` } });
    expect((await send({})).json()).toMatchObject({ code: 'validation.failed', errors: { code: 'This field is required.' } });
    expect(await counters()).toEqual(before);

    // The right code opens (spaces between its digits are fine), and only well-shaped wrong codes count towards the lock.
    const opened = await open('a', `${code!.slice(0, 3)} ${code!.slice(3)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await statusOf(t.db, 'packages', p!.id)).toBe(100);
    for (let i = 0; i < PICKUP_CODE.maxWrong; i++) expect((await open('a', `00000${i}`)).json().code).toBe('locker.code_invalid');
    expect((await open('a', '000009')).json().code).toBe('locker.code_locked');
    expect((await open('a', '1')).json().code).toBe('validation.failed');
  });

  it('a wrongly shaped courier badge is a coded 422 too, and touches no counter', async () => {
    await travel(new Date(clock.now().getTime() + 20 * 60_000));
    const counters = () => t.db.selectFrom('throttle').selectAll().where('key', 'like', `terminal:%:${lockers.a}`).orderBy('key').execute();
    const before = await counters();
    // Any shape that is not 10 digits, a number or a long string included, is the badge's own message (null: required);
    // before, the schema answered those with "Must be one of the allowed values." or "at most 32 characters".
    for (const bad of ['1', '1', '1', '1', '1', '123456', '12345678901', 'abcdefghij', 1234567890, ['1234567890'], '1'.repeat(5000)]) {
      const res = await courier('courier', { badge: bad });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(res.json(), String(bad)).toMatchObject({ code: 'validation.failed', errors: { badge: `A courier badge is exactly ${BADGE_DIGITS} digits.` } });
    }
    expect((await courier('courier', { badge: null })).json()).toMatchObject({ code: 'validation.failed', errors: { badge: 'This field is required.' } });
    for (const path of ['deposit', 'retrieve', 'report-full']) {
      const res = await courier(path, { badge: 1234567890, barcode: 'LP0', reason: 'door_fault' });
      expect(res.json(), path).toMatchObject({ code: 'validation.failed', errors: { badge: `A courier badge is exactly ${BADGE_DIGITS} digits.` } });
    }
    expect(await counters()).toEqual(before);
    expect((await courier('courier', { badge })).statusCode).toBe(200);
  });
});

describe('brute force', () => {
  it('10,000 wrong codes against one terminal open nothing (lock after 5 wrong, rate limit per minute); the right code then waits for the window', async () => {
    await travel(new Date(clock.now().getTime() + 60 * 60_000));
    const live = await deposited(['SMALL', 'SMALL', 'MEDIUM']);
    const liveCodes = new Set((await Promise.all(live.map((p) => codesOf(p.id)))).flat());
    const before = await t.db.selectFrom('packages').select(['id', 'status']).where('location_id', '=', lockers.a).orderBy('id').execute();
    const doorsBefore = (await doorEvents()).length;
    const answers: Record<string, number> = {};
    const started = clock.now().getTime();
    // 10 guesses at once each second (parallel guesses must not slip past the counts), the clock moving 1 s per
    // batch: 1,000 s of guessing. Batches keep the 10,000 attempts affordable on PostgreSQL too.
    const BATCH = 10;
    const TRIES = 10_000;
    const seconds = TRIES / BATCH;
    let guess = 0;
    const nextGuess = () => {
      do guess = (guess + 7919) % 1_000_000;
      while (liveCodes.has(String(guess).padStart(6, '0')));
      return String(guess).padStart(6, '0');
    };
    for (let step = 0; step < seconds; step++) {
      clock.set(new Date(started + step * 1000));
      const batch = await Promise.all(Array.from({ length: BATCH }, () => open('a', nextGuess())));
      for (const res of batch) {
        const key = `${res.statusCode} ${res.json().code}`;
        answers[key] = (answers[key] ?? 0) + 1;
      }
    }
    expect(Object.values(answers).reduce((a, b) => a + b, 0)).toBe(TRIES);
    expect(Object.keys(answers).sort()).toEqual(['422 locker.code_invalid', '423 locker.code_locked', '429 locker.rate_limited']);
    // At most 5 checked per 15-minute window: 2 windows in the 1,000 s.
    expect(answers['422 locker.code_invalid']).toBeLessThanOrEqual(PICKUP_CODE.maxWrong * Math.ceil(seconds / PICKUP_CODE.lockWindowSeconds));
    expect(answers['429 locker.rate_limited']).toBeGreaterThan(9_000);
    expect(await t.db.selectFrom('packages').select(['id', 'status']).where('location_id', '=', lockers.a).orderBy('id').execute()).toEqual(before);
    expect((await doorEvents()).length).toBe(doorsBefore);

    // Locked: even the right code waits for the window (the terminal says how long), then opens.
    const [right] = await codesOf(live[0]!.id);
    clock.set(new Date(started + seconds * 1000 + 61_000));
    const locked = await open('a', right!);
    // The lock says what is left of its window (the second window began at 900 s and ends at 1,800 s), not the whole 15 minutes.
    const left = PICKUP_CODE.lockWindowSeconds * 2 - (seconds + 61);
    expect(locked.statusCode).toBe(423);
    expect(locked.headers['retry-after']).toBe(String(left));
    expect(locked.json()).toMatchObject({ code: 'locker.code_locked', message: `Too many wrong codes: try again in ${Math.ceil(left / 60)} minutes.` });
    clock.set(new Date(started + seconds * 1000 + 16 * 60_000));
    expect((await open('a', right!)).statusCode).toBe(200);
    // Another terminal was never locked.
    expect((await open('b', '000000')).json().code).toBe('locker.code_invalid');
  }, 600_000);

  it('a lock about to end says so (1 minute, Retry-After), in English and Spanish; before, it always said 15 minutes', async () => {
    await travel(new Date(clock.now().getTime() + 60 * 60_000));
    const lockedAt = clock.now().getTime();
    for (let i = 0; i < PICKUP_CODE.maxWrong; i++) expect((await open('b', `00000${i}`)).json().code).toBe('locker.code_invalid');
    const full = await open('b', '000009');
    expect(full.headers['retry-after']).toBe(String(PICKUP_CODE.lockWindowSeconds));
    expect(full.json().message).toBe(`Too many wrong codes: try again in ${PICKUP_CODE.lockWindowSeconds / 60} minutes.`);
    clock.set(new Date(lockedAt + (PICKUP_CODE.lockWindowSeconds - 30) * 1000));
    const soon = await open('b', '000009');
    expect(soon.statusCode).toBe(423);
    expect(soon.headers['retry-after']).toBe('30');
    expect(soon.json()).toEqual({ code: 'locker.code_locked', message: 'Too many wrong codes: try again in 1 minute.' });
    const es = await kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.b}/open`, body: { code: '000009' }, headers: { ...terminal(lockers.b, secrets.b), 'accept-language': 'es' } });
    expect(es.json()).toEqual({ code: 'locker.code_locked', message: 'Demasiados códigos incorrectos: inténtalo en 1 minuto.' });
    clock.set(new Date(lockedAt + PICKUP_CODE.lockWindowSeconds * 1000 + 1000));
    expect((await open('b', '000009')).json().code).toBe('locker.code_invalid');
  });

  it('answers the rate limit and the lock in Spanish too', async () => {
    const es = await kiosk.request({ method: 'POST', url: `/api/terminals/${lockers.b}/open`, body: { code: '000000' }, headers: { ...terminal(lockers.b, secrets.b), 'accept-language': 'es' } });
    expect(es.json()).toMatchObject({ code: 'locker.code_invalid', message: expect.stringContaining('no es válido') });
  });
});

describe('door events by day', () => {
  it("door events: a day in From / To is the locker's day (its time zone), not the UTC day", async () => {
    // 20:30 on 2 June in Nassau (EDT) is 00:30 UTC on the 3rd.
    await travel(new Date('2025-06-03T00:30:00.000Z'));
    expect((await sa.post(`/api/locations/${lockers.a}/doors/7/open`, { reason: 'evening check' })).statusCode).toBe(200);
    const opened = async (day: string) =>
      ((await sa.get(`/api/locations/${lockers.a}/door-events?kind=door-support&from=${day}&to=${day}`)).json().data as { compartment: number }[]).some((e) => e.compartment === 7);
    expect(await opened('2025-06-02')).toBe(true);
    expect(await opened('2025-06-03')).toBe(false);
    // A timestamp is that instant: '…T00:30:00Z' was compared as text with the stored '…T00:30:00.000Z' and missed it.
    const between = await sa.get(`/api/locations/${lockers.a}/door-events?kind=door-support&from=2025-06-03T00:30:00Z&to=2025-06-03T00:30:00Z`);
    expect((between.json().data as { compartment: number }[]).map((e) => e.compartment)).toEqual([7]);
  });
});
