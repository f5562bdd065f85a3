/** Sign-in, sessions, CSRF, throttling, password links and API tokens (docs/auth.md). */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE, PASSWORD_LINK_THROTTLE } from '../../core/constants.js';
import * as passwords from '../../api/auth/passwords.js';
import { settled } from '../../api/http/after-reply.js';
import { createTestApp, guest, login, bearer, type TestApp } from './helpers.js';
import { fixedClock } from '../../api/clock.js';
import { createSmtpMailer } from '../../api/providers/mail/smtp.js';
import { startSmtpCapture } from './campaigns-support.js';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

function linkFrom(text: string) {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error('no link in mail');
  return new URL(match[1]);
}

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in with JSON and with form data, setting the session cookie flags', async () => {
    const client = await guest(t.app);
    const res = await client.post('/api/login', { email: 'merchant.admin@example.com', password: 'lockerline-demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'merchant.admin@example.com', role: 4 });
    const session = res.cookies.find((c) => c.name === 'lockerline_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    expect(xsrf.httpOnly).toBeFalsy();
    // The session row stores a digest, never the token.
    const rows = await t.db.selectFrom('sessions').selectAll().execute();
    expect(rows.some((r) => r.id === session.value)).toBe(false);
    expect(rows.some((r) => r.id === sha256(session.value))).toBe(true);

    const form = await guest(t.app);
    const formRes = await form.request({
      method: 'POST',
      url: '/api/login',
      body: 'email=merchant.user%40example.com&password=lockerline-demo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(formRes.statusCode).toBe(200);
    expect(formRes.json().data.email).toBe('merchant.user@example.com');
  });

  it('sets Secure cookies in production', async () => {
    const prod = await createTestApp({ seed: false, config: { production: true } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
      expect(res.cookies.every((c) => c.secure)).toBe(true);
    } finally {
      await prod.close();
    }
  });

  it('answers 422 auth.failed in English and Spanish', async () => {
    const en = await guest(t.app);
    const res = await en.post('/api/login', { email: 'support@example.com', password: 'wrong-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'auth.failed', message: 'Your credentials seem to be incorrect. Please try again.' });

    const es = await guest(t.app, { 'accept-language': 'es-ES,es;q=0.9' });
    const resEs = await es.post('/api/login', { email: 'support@example.com', password: 'wrong-password' });
    expect(resEs.statusCode).toBe(422);
    expect(resEs.json().code).toBe('auth.failed');
    expect(resEs.json().message).not.toBe(res.json().message);
    expect(resEs.json().message).toMatch(/credenciales/i);
  });

  it('answers 422 validation.failed with field messages for a missing email', async () => {
    const client = await guest(t.app);
    const res = await client.post('/api/login', { password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation.failed', errors: { email: 'This field is required.' } });
  });

  it('requires the X-XSRF-TOKEN header (419), for login too', async () => {
    const client = await guest(t.app);
    const res = await client.request({
      method: 'POST',
      url: '/api/login',
      body: { email: 'support@example.com', password: 'lockerline-demo' },
      headers: { 'x-xsrf-token': '' },
    });
    expect(res.statusCode).toBe(419);
    expect(res.json().code).toBe('csrf_mismatch');
    // A token without its pre-session cookie does not work either.
    const token = client.cookies.get('XSRF-TOKEN')!;
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-xsrf-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'support@example.com', password: 'lockerline-demo' }),
    });
    expect(bare.statusCode).toBe(419);
    // A made-up bearer token makes a guest, whose sign-in still needs the XSRF header: no session, no cookie.
    const madeUp = await client.request({
      method: 'POST',
      url: '/api/login',
      body: { email: 'support@example.com', password: 'lockerline-demo' },
      headers: { 'x-xsrf-token': '', authorization: 'Bearer not-a-token' },
    });
    expect(madeUp.statusCode).toBe(419);
    expect(madeUp.json().code).toBe('csrf_mismatch');
    expect(madeUp.cookies.find((c) => c.name === 'lockerline_session')).toBeUndefined();

    const signedIn = await login(t.app, 'support@example.com');
    const missing = await signedIn.request({ method: 'PUT', url: '/api/user/locale', body: { locale: 'es' }, headers: { 'x-xsrf-token': 'forged' } });
    expect(missing.statusCode).toBe(419);
    const ok = await signedIn.put('/api/user/locale', { locale: 'en' });
    expect(ok.statusCode).toBe(200);
  });

  it('requires the header on the GETs that change something (bulk print registers drafts, request-token revokes the old token): a link from another site cannot', async () => {
    // SameSite=Lax sends the session cookie on a top-level GET from another site (a link, window.location), so
    // these GETs answered a forged navigation: drafts were registered and printed, the API token was replaced.
    const merchant = await login(t.app, 'merchant.admin@example.com');
    const acme = await t.db.selectFrom('merchants').select('id').where('name', '=', 'Acme Outfitters').executeTakeFirstOrThrow();
    const draft = await t.db.selectFrom('shipments').select(['id', 'status']).where('merchant_id', '=', acme.id).where('status', '=', 0).where('package_count', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    const self = await t.db.selectFrom('users').select('id').where('email', '=', 'merchant.admin@example.com').executeTakeFirstOrThrow();
    const issued = await merchant.get(`/api/users/${self.id}/request-token`);
    expect(issued.statusCode, issued.body).toBe(200);
    const token = issued.json().token;
    const forged = (url: string) => merchant.request({ method: 'GET', url, headers: { 'x-xsrf-token': '' } });
    for (const url of [`/api/shipments/bulk-print?ids[0]=${draft.id}`, `/api/users/${self.id}/request-token`]) {
      const res = await forged(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(419);
      expect(res.json().code).toBe('csrf_mismatch');
    }
    expect((await t.db.selectFrom('shipments').select('status').where('id', '=', draft.id).executeTakeFirstOrThrow()).status).toBe(0);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(200); // the token still works
    // With the header (the admin's fetch) and with a bearer token (no cookie to forge) they still answer.
    expect((await merchant.get(`/api/shipments/bulk-print?ids[0]=${draft.id}`)).statusCode).toBe(200);
    expect((await bearer(t.app, token).get(`/api/users/${self.id}/request-token`)).statusCode).toBe(200);
    // Signed out: 401, not 419.
    expect((await (await guest(t.app)).request({ method: 'GET', url: `/api/shipments/bulk-print?ids[0]=${draft.id}`, headers: { 'x-xsrf-token': '' } })).statusCode).toBe(401);
  });

  it("answers each browser in the language it shows: a switch on another device changes the account's, not this screen's", async () => {
    const laptop = await login(t.app, 'warehouse@example.com');
    const phone = await login(t.app, 'warehouse@example.com');
    try {
      expect((await phone.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
      // The same wrong request from each device: each hears it in its own screen's language.
      const wrong = { reason: 'x' };
      const fromLaptop = await laptop.post('/api/users', wrong);
      const fromPhone = await phone.post('/api/users', wrong);
      expect(fromLaptop.json().message).toBe('You do not have permission to do that.');
      expect(fromPhone.json().message).toBe('No tienes permiso para hacer eso.');
      // A browser without the cookie (or a token) hears the account's saved language.
      const bare = await t.app.inject({ method: 'POST', url: '/api/users', cookies: { lockerline_session: laptop.cookies.get('lockerline_session')! }, headers: { 'x-xsrf-token': laptop.cookies.get('XSRF-TOKEN')! }, payload: {} });
      expect(bare.json().message).toBe('No tienes permiso para hacer eso.');
    } finally {
      await phone.put('/api/user/locale', { locale: 'en' });
    }
  });

  it('rotates the session id at login and refuses a second login while signed in', async () => {
    const client = await guest(t.app);
    const first = await client.post('/api/login', { email: 'driver@example.com', password: 'lockerline-demo' });
    const firstToken = first.cookies.find((c) => c.name === 'lockerline_session')!.value;
    const again = await client.post('/api/login', { email: 'driver@example.com', password: 'lockerline-demo' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('auth.already_authenticated');
    await client.post('/api/logout');
    await client.get('/api/csrf-cookie');
    const second = await client.post('/api/login', { email: 'driver@example.com', password: 'lockerline-demo' });
    const secondToken = second.cookies.find((c) => c.name === 'lockerline_session')!.value;
    expect(secondToken).not.toBe(firstToken);
  });

  it('logout ends the session', async () => {
    const client = await login(t.app, 'merchant.user@example.com');
    const token = client.cookies.get('lockerline_session')!;
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect(await t.db.selectFrom('sessions').select('id').where('id', '=', sha256(token)).executeTakeFirst()).toBeUndefined();
    // Replaying the old cookie does not work.
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { lockerline_session: token } });
    expect(replay.statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('GET /api/user returns the current user shape, 401 when signed out', async () => {
    const pudo = await login(t.app, 'pudo@example.com');
    const { data } = (await pudo.get('/api/user')).json();
    expect(Object.keys(data).sort()).toEqual(
      ['id', 'first_name', 'last_name', 'email', 'role', 'merchant_id', 'merchant', 'features', 'locale', 'country', 'preferences', 'location_ids', 'locations'].sort(),
    );
    expect(data).toMatchObject({ role: 16, merchant: null, features: 0 });
    expect(data.locations).toEqual([expect.objectContaining({ id: data.location_ids[0], class: 'pudo' })]);
    const admin = (await (await login(t.app, 'superadmin@example.com')).get('/api/user')).json().data;
    expect(admin.features).toBe(127);
    const globex = (await (await login(t.app, 'other.admin@example.com')).get('/api/user')).json().data;
    expect(globex.merchant).toMatchObject({ name: 'Globex' });
    expect(globex.features & 1).toBe(0);
    const anon = await guest(t.app);
    const res = await anon.get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('auth.unauthenticated');
  });

  it('an inactive user cannot sign in, and their session stops working', async () => {
    const client = await login(t.app, 'warehouse@example.com');
    await t.db.updateTable('users').set({ active: 0 }).where('email', '=', 'warehouse@example.com').execute();
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const again = await guest(t.app);
    const res = await again.post('/api/login', { email: 'warehouse@example.com', password: 'lockerline-demo' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('auth.failed');
    await t.db.updateTable('users').set({ active: 1 }).where('email', '=', 'warehouse@example.com').execute();
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After after too many failures, per account, and recovers after the window', async () => {
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const t = await createTestApp({ clock });
    try {
      const client = await guest(t.app);
      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts; i++) {
        const res = await client.post('/api/login', { email: 'merchant.admin@example.com', password: 'nope' });
        expect(res.statusCode).toBe(422);
      }
      const blocked = await client.post('/api/login', { email: 'merchant.admin@example.com', password: 'lockerline-demo' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('auth.throttled');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same address is not blocked yet.
      const other = await client.post('/api/login', { email: 'merchant.user@example.com', password: 'lockerline-demo' });
      expect(other.statusCode).toBe(200);
      clock.advance(LOGIN_THROTTLE.windowSeconds * 1000 + 1000);
      const fresh = await guest(t.app);
      expect((await fresh.post('/api/login', { email: 'merchant.admin@example.com', password: 'lockerline-demo' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('throttling cannot lock a victim out', () => {
  it("a guesser knowing only the e-mail locks the account for their own address, not for the victim's", async () => {
    const t = await createTestApp();
    try {
      const attacker = await guest(t.app, {}, '203.0.113.7');
      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts; i++) {
        expect((await attacker.post('/api/login', { email: 'merchant.admin@example.com', password: 'nope' })).statusCode).toBe(422);
      }
      expect((await attacker.post('/api/login', { email: 'merchant.admin@example.com', password: 'lockerline-demo' })).statusCode).toBe(429);
      const victim = await guest(t.app, { 'accept-language': 'es' }, '198.51.100.20');
      expect((await victim.post('/api/login', { email: 'merchant.admin@example.com', password: 'lockerline-demo' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('an address over its allowance counts against no account', async () => {
    const t = await createTestApp();
    try {
      const attacker = await guest(t.app, {}, '203.0.113.7');
      const emails = ['support@example.com', 'merchant.user@example.com', 'other.admin@example.com', 'pudo@example.com'];
      for (const email of emails) {
        for (let i = 0; i < LOGIN_THROTTLE.maxAttempts; i++) expect((await attacker.post('/api/login', { email, password: 'nope' })).statusCode).toBe(422);
      }
      const blocked = await attacker.post('/api/login', { email: 'driver@example.com', password: 'nope' });
      expect(blocked.statusCode).toBe(429);
      const keys = (await t.db.selectFrom('throttle').select('key').execute()).map((r) => r.key);
      expect(keys.some((k) => k.includes('driver@example.com'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('an IPv6 address counts by its /64: hopping addresses inside it does not reset the allowance', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts; i++) {
        const hop = await guest(t.app, {}, `2001:db8:1:2::${(i + 1).toString(16)}`);
        expect((await hop.post('/api/login', { email: 'driver@example.com', password: 'nope' })).statusCode).toBe(422);
      }
      const next = await guest(t.app, { 'accept-language': 'es' }, '2001:db8:1:2:ffff:ffff:ffff:fffe');
      const res = await next.post('/api/login', { email: 'driver@example.com', password: 'lockerline-demo' });
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('auth.throttled');
      expect(res.json().message).toMatch(/segundos|intent/i);
      const elsewhere = await guest(t.app, {}, '2001:db8:1:3::1');
      expect((await elsewhere.post('/api/login', { email: 'driver@example.com', password: 'lockerline-demo' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('password links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('forgot-password always answers 200 and mails a reset link that works once', async () => {
    const client = await guest(t.app);
    const unknown = await client.post('/api/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(t.mailer.messages).toHaveLength(0);

    const res = await client.post('/api/forgot-password', { email: 'Merchant.User@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(unknown.json());
    const mail = t.mailer.last('merchant.user@example.com')!;
    expect(mail.subject).toBeTruthy();
    const link = linkFrom(mail.text);
    expect(link.origin + link.pathname).toBe('http://lockerline.test/reset-password');
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe('merchant.user@example.com');
    const stored = await t.db.selectFrom('password_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(sha256(token));

    const body = { token, email: 'merchant.user@example.com', password: 'a-brand-new-secret', password_confirmation: 'a-brand-new-secret' };
    const mismatch = await client.post('/api/reset-password', { ...body, password_confirmation: 'something-else' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toBe('Passwords do not match.');
    const short = await client.post('/api/reset-password', { ...body, password: 'short', password_confirmation: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBe('Must be at least 10 characters.');

    expect((await client.post('/api/reset-password', body)).statusCode).toBe(200);
    const second = await client.post('/api/reset-password', body);
    expect(second.statusCode).toBe(422);
    expect(second.json().code).toBe('auth.token_invalid');
    await login(t.app, 'merchant.user@example.com', 'a-brand-new-secret');
  });

  it('mails in the user locale', async () => {
    await t.db.updateTable('users').set({ locale: 'es' }).where('email', '=', 'driver@example.com').execute();
    const client = await guest(t.app);
    await client.post('/api/forgot-password', { email: 'driver@example.com' });
    const es = t.mailer.last('driver@example.com')!;
    await t.db.updateTable('users').set({ locale: 'en' }).where('email', '=', 'driver@example.com').execute();
    await client.post('/api/forgot-password', { email: 'driver@example.com' });
    const en = t.mailer.last('driver@example.com')!;
    expect(es.subject).not.toBe(en.subject);
    // Each says how long the link lasts and what to do once it has expired ("a limited time" before).
    expect(en.text).toContain('The link works once, for 2 hours. If it has expired, ask for a new one with “Forgot your password?” at http://lockerline.test/signin.');
    expect(es.text).toContain('El enlace sirve una sola vez, durante 2 horas. Si ha caducado, pide otro con «¿Olvidaste tu contraseña?» en http://lockerline.test/signin.');
  });

  it('create-password sets the first password of an invited user; a wrong token is refused', async () => {
    const now = new Date().toISOString();
    const { id } = await t.db
      .insertInto('users')
      .values({ first_name: 'New', last_name: 'Person', email: 'new.person@example.com', password_hash: null, role: 8, merchant_id: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { sendPasswordLink } = await import('../../api/auth/password-links.js');
    await sendPasswordLink(t.app, { id, email: 'new.person@example.com', first_name: 'New', locale: 'en' }, 'create');
    const invitation = t.mailer.last('new.person@example.com')!.text;
    const link = linkFrom(invitation);
    expect(link.pathname).toBe('/create-password');
    // An invited user opening it later learns how to get a new link.
    expect(invitation).toContain('for 7 days. If it has expired, ask for a new one with “Forgot your password?” at http://lockerline.test/signin.');
    const client = await guest(t.app);
    // Without a password, signing in fails like any bad credentials.
    expect((await client.post('/api/login', { email: 'new.person@example.com', password: 'anything-at-all' })).statusCode).toBe(422);
    const body = { token: link.searchParams.get('token'), email: 'new.person@example.com', password: 'first-password-1', password_confirmation: 'first-password-1' };
    // A create token is not a reset token.
    expect((await client.post('/api/reset-password', body)).json().code).toBe('auth.token_invalid');
    expect((await client.post('/api/create-password', { ...body, token: 'not-the-token' })).statusCode).toBe(422);
    expect((await client.post('/api/create-password', body)).statusCode).toBe(200);
    await login(t.app, 'new.person@example.com', 'first-password-1');
  });

  it('an expired token is refused', async () => {
    const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
    const t2 = await createTestApp({ clock });
    try {
      const client = await guest(t2.app);
      await client.post('/api/forgot-password', { email: 'support@example.com' });
      const link = linkFrom(t2.mailer.last()!.text);
      clock.advance(2 * 3600_000 + 1000);
      const res = await client.post('/api/reset-password', {
        token: link.searchParams.get('token'),
        email: 'support@example.com',
        password: 'another-password',
        password_confirmation: 'another-password',
      });
      expect(res.json().code).toBe('auth.token_invalid');
    } finally {
      await t2.close();
    }
  });
});

describe('link lifetimes: an invitation lasts days, a reset link hours', () => {
  it('an invitation link still works after 3 hours (a staff member invited on Friday evening opens it on Monday), a reset link does not', async () => {
    const clock = fixedClock(new Date('2026-03-06T22:00:00Z'));
    const t2 = await createTestApp({ clock });
    try {
      const admin = await login(t2.app, 'superadmin@example.com');
      const created = await admin.post('/api/users', { first_name: 'Nora', last_name: 'New', email: 'nora.new@example.com', role: 2, locale: 'es' });
      expect(created.statusCode).toBe(201);
      await settled(t2.app);
      const invitation = t2.mailer.last('nora.new@example.com')!.text;
      const guestClient = await guest(t2.app);
      await guestClient.post('/api/forgot-password', { email: 'support@example.com' });
      await settled(t2.app);
      const reset = linkFrom(t2.mailer.last('support@example.com')!.text);
      expect(t2.mailer.last('support@example.com')!.text).toContain('The link works once, for 2 hours.');

      clock.advance(3 * 3600_000);
      const client = await guest(t2.app);
      const resetRes = await client.post('/api/reset-password', {
        token: reset.searchParams.get('token'), email: 'support@example.com', password: 'another-password', password_confirmation: 'another-password',
      });
      expect(resetRes.statusCode).toBe(422);
      expect(resetRes.json().code).toBe('auth.token_invalid');
      const link = linkFrom(invitation);
      const body = { token: link.searchParams.get('token'), email: 'nora.new@example.com', password: 'first-password-1', password_confirmation: 'first-password-1' };
      expect((await client.post('/api/create-password', body)).statusCode).toBe(200);
      await login(t2.app, 'nora.new@example.com', 'first-password-1');
      // The mail states the real lifetime in the reader's language (not "168 horas"), and the way forward once it has run out.
      expect(invitation).toContain('El enlace sirve una sola vez, durante 7 días. Si ha caducado, pide otro con «¿Olvidaste tu contraseña?» en http://lockerline.test/signin.');
    } finally {
      await t2.close();
    }
  });

  it('an invitation expires after 7 days, and the invited user then gets a working link through "Forgot your password?"', async () => {
    const clock = fixedClock(new Date('2026-03-06T22:00:00Z'));
    const t2 = await createTestApp({ clock });
    try {
      const admin = await login(t2.app, 'superadmin@example.com');
      expect((await admin.post('/api/users', { first_name: 'Otto', last_name: 'Late', email: 'otto.late@example.com', role: 2 })).statusCode).toBe(201);
      await settled(t2.app);
      const invitation = t2.mailer.last('otto.late@example.com')!.text;
      expect(invitation).toContain('The link works once, for 7 days. If it has expired, ask for a new one with “Forgot your password?” at http://lockerline.test/signin.');
      clock.advance(7 * 24 * 3600_000 + 1000);
      const client = await guest(t2.app);
      const old = { token: linkFrom(invitation).searchParams.get('token'), email: 'otto.late@example.com', password: 'first-password-1', password_confirmation: 'first-password-1' };
      expect((await client.post('/api/create-password', old)).json().code).toBe('auth.token_invalid');
      expect((await client.post('/api/forgot-password', { email: 'otto.late@example.com' })).statusCode).toBe(200);
      await settled(t2.app);
      const fresh = linkFrom(t2.mailer.last('otto.late@example.com')!.text);
      expect(fresh.pathname).toBe('/reset-password');
      expect((await client.post('/api/reset-password', { ...old, token: fresh.searchParams.get('token') })).statusCode).toBe(200);
      await login(t2.app, 'otto.late@example.com', 'first-password-1');
    } finally {
      await t2.close();
    }
  });
});

describe('a 7-day invitation does not outlive its purpose', () => {
  it('once a password is set another way, or the address is corrected, the pending invitation stops working', async () => {
    const t2 = await createTestApp();
    try {
      const admin = await login(t2.app, 'superadmin@example.com');
      const invite = async (email: string) => {
        const res = await admin.post('/api/users', { first_name: 'Ivy', last_name: 'Invited', email, role: 2 });
        expect(res.statusCode).toBe(201);
        await settled(t2.app);
        return { id: res.json().data.id as number, token: linkFrom(t2.mailer.last(email)!.text).searchParams.get('token') };
      };
      const client = await guest(t2.app);
      const pw = (p: string) => ({ password: p, password_confirmation: p });

      // The invited user sets a password through "Forgot your password?": the invitation cannot set another one later.
      const first = await invite('ivy.one@example.com');
      await client.post('/api/forgot-password', { email: 'ivy.one@example.com' });
      await settled(t2.app);
      const reset = linkFrom(t2.mailer.last('ivy.one@example.com')!.text).searchParams.get('token');
      expect((await client.post('/api/reset-password', { token: reset, email: 'ivy.one@example.com', ...pw('chosen-by-ivy') })).statusCode).toBe(200);
      const late = await client.post('/api/create-password', { token: first.token, email: 'ivy.one@example.com', ...pw('chosen-by-someone') });
      expect(late.json().code).toBe('auth.token_invalid');
      await login(t2.app, 'ivy.one@example.com', 'chosen-by-ivy');

      // A typo in the address corrected: whoever got the first mail cannot use it with the corrected address.
      const second = await invite('ivy.tpyo@example.com');
      const row = (await admin.get(`/api/users/${second.id}`)).json().data;
      expect((await admin.put(`/api/users/${second.id}`, { ...row, email: 'ivy.two@example.com' })).statusCode).toBe(200);
      const wrongHands = await client.post('/api/create-password', { token: second.token, email: 'ivy.two@example.com', ...pw('not-ivys-choice') });
      expect(wrongHands.json().code).toBe('auth.token_invalid');
    } finally {
      await t2.close();
    }
  });
});

describe('password-link abuse', () => {
  it('forgot-password sends the same answer at once, mails an account at most a few times per address, and is throttled per address', async () => {
    const t = await createTestApp();
    try {
      // The mail goes after the answer: an account's answer does not wait for the mailer (held until released).
      let release!: () => void;
      let mailAsked!: () => void;
      const asked = new Promise<void>((resolve) => (mailAsked = resolve));
      const send = t.app.mailer.send.bind(t.app.mailer);
      t.app.mailer.send = async (mail) => {
        const held = new Promise<void>((resolve) => (release = resolve));
        mailAsked();
        await held;
        return send(mail);
      };
      const at = (ip: string) => ({ method: 'POST', url: '/api/forgot-password', remoteAddress: ip, headers: { 'content-type': 'application/json' } }) as const;
      const cookieGuest = await guest(t.app, {}, '203.0.113.9');
      const headers = { 'content-type': 'application/json', cookie: [...cookieGuest.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '), 'x-xsrf-token': cookieGuest.cookies.get('XSRF-TOKEN')! };
      const first = await t.app.inject({ ...at('203.0.113.9'), headers, payload: JSON.stringify({ email: 'driver@example.com' }) });
      expect(first.statusCode).toBe(200);
      // The token is written before the mail is asked for (on PostgreSQL that is after the answer has left).
      await asked;
      expect(t.mailer.messages).toHaveLength(0);
      release();
      t.app.mailer.send = send;
      await settled(t.app);
      expect(t.mailer.messages).toHaveLength(1);

      const attacker = await guest(t.app, {}, '203.0.113.9');
      for (let i = 0; i < PASSWORD_LINK_THROTTLE.mailsPerAccount + 3; i++) {
        expect((await attacker.post('/api/forgot-password', { email: 'driver@example.com' })).json()).toEqual(first.json());
      }
      expect(t.mailer.messages.filter((m) => m.to === 'driver@example.com')).toHaveLength(PASSWORD_LINK_THROTTLE.mailsPerAccount);
      // The account's owner, elsewhere, still gets a link.
      await (await guest(t.app, {}, '198.51.100.20')).post('/api/forgot-password', { email: 'driver@example.com' });
      expect(t.mailer.messages.filter((m) => m.to === 'driver@example.com')).toHaveLength(PASSWORD_LINK_THROTTLE.mailsPerAccount + 1);

      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts * 4; i++) await attacker.post('/api/forgot-password', { email: `nobody${i}@example.com` });
      attacker.headers['accept-language'] = 'es';
      const blocked = await attacker.post('/api/forgot-password', { email: 'support@example.com' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('auth.throttled');
      expect(blocked.json().message).toMatch(/intentos/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(t.mailer.messages.some((m) => m.to === 'support@example.com')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('reset-password: a forged token costs no password hashing, and guesses are throttled per address', async () => {
    const t = await createTestApp();
    const hash = vi.spyOn(passwords, 'hashPassword');
    try {
      const client = await guest(t.app, {}, '203.0.113.9');
      const body = { token: 'forged-token', email: 'support@example.com', password: 'another-password', password_confirmation: 'another-password' };
      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts * 4; i++) expect((await client.post('/api/reset-password', body)).json().code).toBe('auth.token_invalid');
      expect(hash).not.toHaveBeenCalled();
      const blocked = await client.post('/api/create-password', body);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('auth.throttled');
    } finally {
      hash.mockRestore();
      await t.close();
    }
  });
});

describe('password links without and with SMTP', () => {
  it('without SMTP_URL: lists the mails in the superadmin message log, whose links work; tokens stay hashed at rest', async () => {
    const t = await createTestApp({ mailer: 'server-default' });
    try {
      const sa = await login(t.app, 'superadmin@example.com');
      const created = await sa.post('/api/users', { first_name: 'Lia', last_name: 'Dev', email: 'lia@example.net', role: 8, merchant_id: 1 });
      expect(created.statusCode).toBe(201);
      await (await guest(t.app)).post('/api/forgot-password', { email: 'driver@example.com' });

      const log = await sa.get('/api/messages', { source: 'log' });
      expect(log.statusCode).toBe(200);
      const rows = log.json().data as { recipient: string; kind: string; subject: string; body: string }[];
      const invite = rows.find((r) => r.recipient === 'lia@example.net')!;
      const reset = rows.find((r) => r.recipient === 'driver@example.com')!;
      expect(invite).toMatchObject({ kind: 'email', subject: expect.any(String) });
      expect(linkFrom(reset.body).pathname).toBe('/reset-password');
      const link = linkFrom(invite.body);
      expect(link.pathname).toBe('/create-password');
      const token = link.searchParams.get('token')!;
      const tokens = await t.db.selectFrom('password_tokens').select('token_hash').execute();
      expect(tokens.map((r) => r.token_hash)).toContain(sha256(token));
      expect(tokens.map((r) => r.token_hash)).not.toContain(token);
      const body = { token, email: 'lia@example.net', password: 'first-password-1', password_confirmation: 'first-password-1' };
      expect((await (await guest(t.app)).post('/api/create-password', body)).statusCode).toBe(200);

      // Only superadmins read the log; the outbox view never carries bodies.
      for (const email of ['support@example.com', 'merchant.admin@example.com']) {
        expect((await (await login(t.app, email)).get('/api/messages', { source: 'log' })).statusCode).toBe(403);
      }
      expect((await sa.get('/api/messages')).body).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  it('with SMTP: sends them over SMTP and records nothing in the message log', async () => {
    const smtp = await startSmtpCapture();
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    const t = await createTestApp({ mailer });
    try {
      await (await guest(t.app)).post('/api/forgot-password', { email: 'driver@example.com' });
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ to: ['driver@example.com'] });
      expect(smtp.mails[0].text).toContain('http://lockerline.test/reset-password?token=');
      expect(await t.db.selectFrom('message_log').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
      mailer.close();
      await smtp.close();
    }
  });
});

describe('API tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues a token once, stores only its digest, and it works as Bearer without CSRF', async () => {
    const user = await login(t.app, 'merchant.user@example.com');
    const me = (await user.get('/api/user')).json().data;
    const res = await user.get(`/api/users/${me.id}/request-token`);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.db.selectFrom('api_tokens').selectAll().where('user_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const api = bearer(t.app, token);
    const current = await api.get('/api/user');
    expect(current.statusCode).toBe(200);
    expect(current.json().data.id).toBe(me.id);
    // State-changing requests need no XSRF header with a bearer token.
    expect((await api.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    expect((await bearer(t.app, token + 'x').get('/api/user')).statusCode).toBe(401);

    // A new token replaces the old one.
    const next = (await user.get(`/api/users/${me.id}/request-token`)).json().token;
    expect(next).not.toBe(token);
    expect((await api.get('/api/user')).statusCode).toBe(401);
    expect((await bearer(t.app, next).get('/api/user')).statusCode).toBe(200);

    // An inactive user's token stops working.
    await t.db.updateTable('users').set({ active: 0 }).where('id', '=', me.id).execute();
    expect((await bearer(t.app, next).get('/api/user')).statusCode).toBe(401);
    await t.db.updateTable('users').set({ active: 1 }).where('id', '=', me.id).execute();
  });

  it('only the user, a superadmin or their merchant admin may request a token', async () => {
    const ids = Object.fromEntries((await t.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));
    const acmeAdmin = await login(t.app, 'merchant.admin@example.com');
    expect((await acmeAdmin.get(`/api/users/${ids['merchant.user@example.com']}/request-token`)).statusCode).toBe(200);
    expect((await acmeAdmin.get(`/api/users/${ids['other.admin@example.com']}/request-token`)).statusCode).toBe(404);
    const acmeUser = await login(t.app, 'merchant.user@example.com');
    expect((await acmeUser.get(`/api/users/${ids['merchant.admin@example.com']}/request-token`)).statusCode).toBe(403);
    const superadmin = await login(t.app, 'superadmin@example.com');
    expect((await superadmin.get(`/api/users/${ids['driver@example.com']}/request-token`)).statusCode).toBe(200);
    expect((await superadmin.get('/api/users/99999/request-token')).statusCode).toBe(404);
    expect((await (await guest(t.app)).get(`/api/users/${ids['driver@example.com']}/request-token`)).statusCode).toBe(401);
  });
});
