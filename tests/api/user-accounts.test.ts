/**
 * Account takeover and sign-in holes of issue 9 (core/policies/users.policy.ts, docs/permissions.md "User
 * management rules", docs/auth.md): role and merchant agree on every write, a merchant admin manages only the
 * merchant roles of its merchant (even when a staff row carries its merchant id), parallel sign-in attempts
 * are counted before the password check, and own credential changes need the current password and end the
 * user's other sign-ins.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_THROTTLE } from '../../core/constants.js';
import { ROLES } from '../../core/roles.js';
import { en, es } from '../../core/i18n/index.js';
import * as passwords from '../../api/auth/passwords.js';
import { bearer, createTestApp, guest, login, DEMO_PASSWORD, type Client, type TestApp } from './helpers.js';

let t: TestApp;
const ids = { acme: 0, globex: 0 } as Record<'acme' | 'globex', number>;
const userIds: Record<string, number> = {};
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const m of await t.db.selectFrom('merchants').select(['id', 'name']).execute()) {
    if (m.name === 'Acme Outfitters') ids.acme = m.id;
    if (m.name === 'Globex') ids.globex = m.id;
  }
  for (const u of await t.db.selectFrom('users').select(['id', 'email']).execute()) userIds[u.email] = u.id;
});
afterAll(async () => {
  await t?.close();
});

const stored = (id: number) => t.db.selectFrom('users').select(['id', 'role', 'merchant_id', 'email', 'password_hash']).where('id', '=', id).executeTakeFirstOrThrow();

/** A user with a known password, written straight to the database (legacy rows included). */
async function insertUser(role: number, merchantId: number | null): Promise<{ id: number; email: string }> {
  const email = `legacy${++seq}@example.net`;
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('users')
    .values({
      first_name: 'Lee', last_name: 'Legacy', email, role, merchant_id: merchantId, locale: 'en', country: 'BS', active: 1,
      password_hash: await passwords.hashPassword(DEMO_PASSWORD), created_at: now, updated_at: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email };
}

describe('staff accounts that carry a merchant id (legacy rows)', () => {
  it.each([
    ['superadmin', ROLES.superadmin],
    ['support', ROLES.support],
    ['pudo', ROLES.pudo],
    ['driver', ROLES.driver],
    ['warehouse', ROLES.warehouse],
  ])('the merchant admin cannot read, change, delete or take a token for a %s row of its merchant', async (_name, role) => {
    const staff = await insertUser(role, ids.acme);
    const admin = await login(t.app, 'merchant.admin@example.com');
    const before = await stored(staff.id);
    expect((await admin.get(`/api/users/${staff.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/users/${staff.id}`, { email: 'taken.over@example.net' })).statusCode).toBe(404);
    expect((await admin.put(`/api/users/${staff.id}`, { password: 'a-new-long-password', password_confirmation: 'a-new-long-password' })).statusCode).toBe(404);
    expect((await admin.get(`/api/users/${staff.id}/request-token`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/users/${staff.id}`)).statusCode).toBe(404);
    const list = (await admin.get('/api/users', { perPage: 100 })).json().data as { id: number }[];
    expect(list.map((u) => u.id)).not.toContain(staff.id);
    const after = await stored(staff.id);
    expect(after).toEqual(before);
    expect(await t.db.selectFrom('api_tokens').select('id').where('user_id', '=', staff.id).execute()).toHaveLength(0);
    // The staff account itself still signs in with its own password.
    await login(t.app, staff.email);
  });

  it('a staff row carrying a merchant id acts without that merchant', async () => {
    const staff = await insertUser(ROLES.support, ids.acme);
    const me = (await (await login(t.app, staff.email)).get('/api/user')).json().data;
    expect(me).toMatchObject({ role: ROLES.support, merchant_id: null, merchant: null });
  });
});

describe('role and merchant agree on every write', () => {
  const body = (role: number, merchant_id: number | null) => ({
    first_name: 'Rae', last_name: 'Role', email: `rae${++seq}@example.net`, role, merchant_id, locale: 'en', country: 'BS',
  });

  it('a superadmin creating a staff user with a merchant id stores it without one', async () => {
    const superadmin = await login(t.app, 'superadmin@example.com');
    for (const role of [ROLES.superadmin, ROLES.support, ROLES.pudo, ROLES.driver, ROLES.warehouse]) {
      const res = await superadmin.post('/api/users', body(role, ids.acme));
      expect(res.statusCode).toBe(201);
      expect((await stored(res.json().data.id)).merchant_id).toBeNull();
    }
  });

  it('a superadmin promoting a merchant user to support clears its merchant; the admin then loses it', async () => {
    const superadmin = await login(t.app, 'superadmin@example.com');
    const created = await superadmin.post('/api/users', body(ROLES.merchant_user, ids.acme));
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await stored(id)).merchant_id).toBe(ids.acme);
    const promoted = await superadmin.put(`/api/users/${id}`, { role: ROLES.support, merchant_id: ids.acme });
    expect(promoted.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ role: ROLES.support, merchant_id: null });
    const admin = await login(t.app, 'merchant.admin@example.com');
    expect((await admin.get(`/api/users/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/users/${id}/request-token`)).statusCode).toBe(404);
  });

  it('a superadmin must give a merchant role an existing merchant', async () => {
    const superadmin = await login(t.app, 'superadmin@example.com');
    const missing = await superadmin.post('/api/users', body(ROLES.merchant_user, null));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('merchant_id');
    const unknown = await superadmin.post('/api/users', body(ROLES.merchant_user, 999_999));
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toContain('merchant_id');
  });

  it('a merchant admin assigns merchant roles only, always in its own merchant', async () => {
    const admin = await login(t.app, 'merchant.admin@example.com');
    for (const role of [ROLES.superadmin, ROLES.support, ROLES.pudo, ROLES.driver, ROLES.warehouse]) {
      const res = await admin.post('/api/users', body(role, ids.acme));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('role');
    }
    const res = await admin.post('/api/users', body(ROLES.merchant_user, ids.globex));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect((await stored(id)).merchant_id).toBe(ids.acme);
    const promote = await admin.put(`/api/users/${id}`, { role: ROLES.support });
    expect(promote.statusCode).toBe(422);
    expect(promote.json().errors).toHaveProperty('role');
    const move = await admin.put(`/api/users/${id}`, { merchant_id: ids.globex, first_name: 'Moved' });
    expect(move.statusCode).toBe(200);
    expect((await stored(id)).merchant_id).toBe(ids.acme);
  });
});

describe("a new user's language", () => {
  it("is the creating admin's when none is sent, else the one sent", async () => {
    const admin = await login(t.app, 'other.admin@example.com');
    expect((await admin.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    try {
      const body = (extra: Record<string, unknown>) => ({ first_name: 'Lia', last_name: 'Lang', email: `lia${++seq}@example.net`, role: ROLES.merchant_user, ...extra });
      const locale = async (extra: Record<string, unknown>) => {
        const res = await admin.post('/api/users', body(extra));
        expect(res.statusCode).toBe(201);
        return (await t.db.selectFrom('users').select('locale').where('id', '=', res.json().data.id).executeTakeFirstOrThrow()).locale;
      };
      expect(await locale({})).toBe('es');
      expect(await locale({ locale: '' })).toBe('es');
      expect(await locale({ locale: null })).toBe('es');
      expect(await locale({ locale: 'en' })).toBe('en');
    } finally {
      await admin.put('/api/user/locale', { locale: 'en' });
    }
    // An English admin's new user is English.
    const english = await login(t.app, 'merchant.admin@example.com');
    const res = await english.post('/api/users', { first_name: 'Eli', last_name: 'Lang', email: `eli${++seq}@example.net`, role: ROLES.merchant_user });
    expect((await t.db.selectFrom('users').select('locale').where('id', '=', res.json().data.id).executeTakeFirstOrThrow()).locale).toBe('en');
  });
});

describe('parallel sign-in attempts', () => {
  it('30 parallel wrong passwords: at most the limit reach the password check, the rest answer 429', async () => {
    const app = await createTestApp();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    try {
      const client = await guest(app.app);
      verify.mockClear();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => client.post('/api/login', { email: 'merchant.user@example.com', password: 'wrong-password' })),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 422).length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAttempts);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - LOGIN_THROTTLE.maxAttempts);
      expect(codes.every((c) => c === 422 || c === 429)).toBe(true);
      expect(verify.mock.calls.length).toBeGreaterThan(0);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAttempts);
      // The right password is refused too while the window lasts.
      expect((await client.post('/api/login', { email: 'merchant.user@example.com', password: DEMO_PASSWORD })).statusCode).toBe(429);
    } finally {
      verify.mockRestore();
      await app.close();
    }
  });

  it('a success gives the address its attempt back and clears the account counter', async () => {
    const app = await createTestApp();
    try {
      const client = await guest(app.app);
      for (let i = 0; i < LOGIN_THROTTLE.maxAttempts - 1; i++) {
        expect((await client.post('/api/login', { email: 'driver@example.com', password: 'wrong-password' })).statusCode).toBe(422);
      }
      expect((await client.post('/api/login', { email: 'driver@example.com', password: DEMO_PASSWORD })).statusCode).toBe(200);
      const rows = await app.db.selectFrom('throttle').select(['key', 'hits']).execute();
      expect(rows.find((r) => r.key.startsWith('login:account:'))).toBeUndefined();
      expect(rows.find((r) => r.key.startsWith('login:address:'))?.hits).toBe(LOGIN_THROTTLE.maxAttempts - 1);
    } finally {
      await app.close();
    }
  });
});

describe('own e-mail and password changes', () => {
  const newPassword = 'another-long-password';

  async function freshUser(role: number = ROLES.merchant_user): Promise<{ id: number; email: string; me: Client; other: Client; token: string }> {
    const user = await insertUser(role, role === ROLES.merchant_user ? ids.acme : null);
    const me = await login(t.app, user.email);
    const other = await login(t.app, user.email);
    const token = (await other.get(`/api/users/${user.id}/request-token`)).json().token as string;
    return { ...user, me, other, token };
  }

  it('needs the current password (422 user.current_password_required / _wrong, in English and Spanish)', async () => {
    const { id, me } = await freshUser();
    const before = await stored(id);
    const missing = await me.put(`/api/users/${id}`, { password: newPassword, password_confirmation: newPassword });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'user.current_password_required', errors: { current_password: en.errors.user.current_password_required } });
    const wrong = await me.put(`/api/users/${id}`, { email: 'new.address@example.net', current_password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'user.current_password_wrong', errors: { current_password: en.errors.user.current_password_wrong } });
    expect((await me.put('/api/user/locale', { locale: 'es' })).statusCode).toBe(200);
    const spanish = await me.put(`/api/users/${id}`, { email: 'new.address@example.net' });
    expect(spanish.json()).toMatchObject({ code: 'user.current_password_required', errors: { current_password: es.errors.user.current_password_required } });
    const after = await stored(id);
    expect({ email: after.email, hash: after.password_hash }).toEqual({ email: before.email, hash: before.password_hash });
    // Other profile fields need no password.
    expect((await me.put(`/api/users/${id}`, { first_name: 'Lena', email: before.email.toUpperCase() })).statusCode).toBe(200);
  });

  it('guesses of the current password are throttled like sign-in attempts', async () => {
    const { id, me } = await freshUser();
    const guess = (current_password: string) => me.put(`/api/users/${id}`, { password: newPassword, password_confirmation: newPassword, current_password });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(`wrong-guess-${i}`)));
    expect(answers.filter((r) => r.statusCode === 422).length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxAttempts);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_THROTTLE.maxAttempts);
    expect((await guess(DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('a password change keeps this session, ends the others and revokes the API token', async () => {
    const { id, email, me, other, token } = await freshUser();
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(200);
    const res = await me.put(`/api/users/${id}`, { current_password: DEMO_PASSWORD, password: newPassword, password_confirmation: newPassword });
    expect(res.statusCode).toBe(200);
    expect((await me.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(401);
    await login(t.app, email, newPassword);
  });

  it('an e-mail change with the current password keeps the sessions', async () => {
    const { id, me, other } = await freshUser();
    const res = await me.put(`/api/users/${id}`, { email: `changed${++seq}@example.net`, current_password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(200);
  });

  it('a superadmin changing its own password needs the current one too; changing another user’s does not, and signs them out', async () => {
    const superadmin = await login(t.app, 'superadmin@example.com');
    const self = await superadmin.put(`/api/users/${userIds['superadmin@example.com']}`, { password: newPassword, password_confirmation: newPassword });
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('user.current_password_required');
    const { id, me, token } = await freshUser();
    const res = await superadmin.put(`/api/users/${id}`, { password: newPassword, password_confirmation: newPassword });
    expect(res.statusCode).toBe(200);
    expect((await me.get('/api/user')).statusCode).toBe(401);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(401);
  });

  it('deactivating ends every sign-in for good: reactivating the account later does not revive its API token', async () => {
    const { id, me, token } = await freshUser();
    const superadmin = await login(t.app, 'superadmin@example.com');
    const off = await superadmin.put(`/api/users/${id}`, { active: 0 });
    expect(off.statusCode).toBe(200);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(401);
    expect((await superadmin.put(`/api/users/${id}`, { active: 1 })).statusCode).toBe(200);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(401);
    expect((await me.get('/api/user')).statusCode).toBe(401);
    expect(await t.db.selectFrom('api_tokens').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('a reset link ends every session and revokes the API token', async () => {
    const { email, me, token } = await freshUser(ROLES.driver);
    expect((await (await guest(t.app)).post('/api/forgot-password', { email })).statusCode).toBe(200);
    const link = new URL(/(https?:\/\/\S+)/.exec(t.mailer.last(email)!.text)![1]!);
    const reset = await (await guest(t.app)).post('/api/reset-password', {
      token: link.searchParams.get('token'), email, password: newPassword, password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me.get('/api/user')).statusCode).toBe(401);
    expect((await bearer(t.app, token).get('/api/user')).statusCode).toBe(401);
  });
});
