/**
 * The last active superadmin (core lastSuperadminProblem, api/resources/users/last-superadmin.ts, docs/permissions.md
 * "User management rules"). Nobody demotes, deactivates or deletes themselves, but two superadmins could do it to each
 * other at the same moment and leave the network with no active superadmin. With exactly two, each round sends both
 * requests at once: exactly one succeeds, the other is 422 `user.last_superadmin` in its account's language, and one
 * active superadmin remains. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL (the transactions overlap).
 *
 * "At the same moment": both requests are signed in as superadmins before either writes. Sent together, on a busy
 * machine the second sometimes started after the first had committed, and was refused for no longer being a
 * superadmin (403) before the guard was reached. A test-only hook holds each user write, after sign-in and before its
 * handler, until both have arrived (`together`), then lets them race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ROLES } from '../../core/roles.js';
import { translate } from '../../core/i18n/index.js';
import * as passwords from '../../api/auth/passwords.js';
import { createTestApp, login, DEMO_PASSWORD, type Client, type TestApp } from './helpers.js';

let t: TestApp;
/** A: the demo superadmin (English); B: a second superadmin whose account reads Spanish. */
const ids = { a: 0, b: 0, c: 0 };
const EMAIL = { a: 'superadmin@example.com', b: 'segunda.superadmin@example.net', c: 'third.superadmin@example.net' };
const LOCALE = { a: 'en', b: 'es' } as const;
const ROUNDS = 6;

async function insertSuperadmin(email: string, locale: string): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto('users')
    .values({
      first_name: 'Sofía', last_name: 'Segunda', email, role: ROLES.superadmin, merchant_id: null, locale, country: 'BS', active: 1,
      password_hash: await passwords.hashPassword(DEMO_PASSWORD), created_at: now, updated_at: now,
    } as any)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The user writes held until `count` of them have arrived (null: none held). */
let gate: { count: number; arrived: number; open: () => void; opened: Promise<void> } | null = null;

/** Runs `send` with its user writes released together once all `count` are signed in and waiting. */
async function together<T>(count: number, send: () => Promise<T>): Promise<T> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  gate = { count, arrived: 0, open, opened };
  try {
    return await send();
  } finally {
    gate = null;
  }
}

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.addHook('preHandler', async (request) => {
        if (!gate || !/^\/api\/users\/\d+$/.test(request.url) || (request.method !== 'PUT' && request.method !== 'DELETE')) return;
        if (++gate.arrived >= gate.count) gate.open();
        // Never held for good: a request that alone reached the gate goes on after 10 s (and the test then fails).
        await Promise.race([gate.opened, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      });
    },
  });
  ids.a = (await t.db.selectFrom('users').select('id').where('email', '=', EMAIL.a).executeTakeFirstOrThrow()).id;
  ids.b = await insertSuperadmin(EMAIL.b, LOCALE.b);
  ids.c = await insertSuperadmin(EMAIL.c, 'en');
});
afterAll(async () => {
  await t?.close();
});

/** Exactly A and B are active superadmins (C is support), each signed in afresh. */
async function twoSuperadmins(): Promise<{ a: Client; b: Client }> {
  const now = new Date().toISOString();
  await t.db.updateTable('users').set({ role: ROLES.support }).where('role', '=', ROLES.superadmin).where('id', 'not in', [ids.a, ids.b]).execute();
  await t.db.updateTable('users').set({ role: ROLES.support, active: 1, updated_at: now }).where('id', '=', ids.c).execute();
  await t.db.updateTable('users').set({ role: ROLES.superadmin, active: 1, updated_at: now }).where('id', 'in', [ids.a, ids.b]).execute();
  const [a, b] = await Promise.all([login(t.app, EMAIL.a), login(t.app, EMAIL.b)]);
  return { a, b };
}

const activeSuperadmins = async () =>
  (await t.db.selectFrom('users').select('id').where('role', '=', ROLES.superadmin).where('active', '=', 1).execute()).map((r) => r.id);

/** One 200; the other 422 user.last_superadmin with the message in its sender's language (on `field` when given). */
function expectOneWinner(results: [LightMyRequestResponse, LightMyRequestResponse], field?: 'role' | 'active'): 'a' | 'b' {
  const bodies = results.map((r) => `${r.statusCode} ${r.body.slice(0, 300)}`).join('\n');
  expect(results.filter((r) => r.statusCode === 200), bodies).toHaveLength(1);
  const loser = results[0].statusCode === 200 ? 'b' : 'a';
  const refused = results[loser === 'a' ? 0 : 1];
  expect(refused.statusCode, bodies).toBe(422);
  const body = refused.json();
  const message = translate(LOCALE[loser], 'errors.user.last_superadmin');
  expect(message).not.toBe('errors.user.last_superadmin');
  expect(body.code).toBe('user.last_superadmin');
  expect(body.message).toBe(message);
  if (field) expect(body.errors?.[field]).toBe(message);
  return loser;
}

describe('two superadmins taking each other away at the same moment', () => {
  it(`demoting each other (${ROUNDS} rounds): one wins, the other is told in its language, one superadmin remains`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoSuperadmins();
      const results = await together(2, () => Promise.all([a.put(`/api/users/${ids.b}`, { role: ROLES.support }), b.put(`/api/users/${ids.a}`, { role: ROLES.support })]));
      const loser = expectOneWinner(results, 'role');
      // The winner stays the one active superadmin; the loser was demoted by it, its own request changed nothing.
      const [winnerId, loserId] = loser === 'a' ? [ids.b, ids.a] : [ids.a, ids.b];
      expect(await activeSuperadmins()).toEqual([winnerId]);
      expect((await t.db.selectFrom('users').select('role').where('id', '=', loserId).executeTakeFirstOrThrow()).role).toBe(ROLES.support);
    }
  });

  it(`deactivating each other (${ROUNDS} rounds): one wins, the other is told on "active", one active superadmin remains`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoSuperadmins();
      const results = await together(2, () => Promise.all([a.put(`/api/users/${ids.b}`, { active: false }), b.put(`/api/users/${ids.a}`, { active: false })]));
      const loser = expectOneWinner(results, 'active');
      expect(await activeSuperadmins()).toEqual([loser === 'a' ? ids.b : ids.a]);
    }
  });

  it(`one demotes while the other deactivates (${ROUNDS} rounds): still one active superadmin`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await twoSuperadmins();
      const results = await together(2, () => Promise.all([a.put(`/api/users/${ids.b}`, { role: ROLES.support }), b.put(`/api/users/${ids.a}`, { active: false })]));
      expectOneWinner(results);
      expect(await activeSuperadmins()).toHaveLength(1);
    }
  });

  it('deleting each other: one account is deleted, the other request is told, one superadmin remains', async () => {
    // Two fresh superadmins (accounts nothing refers to, so they can be deleted) are the only active ones.
    const x = await insertSuperadmin('delete.me.a@example.net', 'en');
    const y = await insertSuperadmin('delete.me.b@example.net', 'es');
    await t.db.updateTable('users').set({ role: ROLES.support }).where('role', '=', ROLES.superadmin).where('id', 'not in', [x, y]).execute();
    const [cx, cy] = await Promise.all([login(t.app, 'delete.me.a@example.net'), login(t.app, 'delete.me.b@example.net')]);
    const results = await together(2, () => Promise.all([cx.delete(`/api/users/${y}`), cy.delete(`/api/users/${x}`)]));
    const bodies = results.map((r) => `${r.statusCode} ${r.body.slice(0, 300)}`).join('\n');
    expect(results.filter((r) => r.statusCode === 200 || r.statusCode === 204), bodies).toHaveLength(1);
    const refused = results.find((r) => r.statusCode >= 400)!;
    const lang = refused === results[0] ? 'en' : 'es';
    expect(refused.statusCode, bodies).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'user.last_superadmin', message: translate(lang, 'errors.user.last_superadmin') });
    expect(await activeSuperadmins()).toHaveLength(1);
  });
});

describe('with another active superadmin left', () => {
  it('a single demotion, deactivation and deletion still work', async () => {
    const { a } = await twoSuperadmins();
    expect((await a.put(`/api/users/${ids.b}`, { role: ROLES.support })).statusCode).toBe(200);
    expect(await activeSuperadmins()).toEqual([ids.a]);
    const { a: a2 } = await twoSuperadmins();
    expect((await a2.put(`/api/users/${ids.b}`, { active: false })).statusCode).toBe(200);
    expect(await activeSuperadmins()).toEqual([ids.a]);
    const extra = await insertSuperadmin('deleted.superadmin@example.net', 'en');
    const gone = await a2.delete(`/api/users/${extra}`);
    expect([200, 204]).toContain(gone.statusCode);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', extra).executeTakeFirst()).toBeUndefined();
  });

});
