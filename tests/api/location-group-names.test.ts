/**
 * Location group names are unique as merchant names are (core/policies/unique-names.ts): trimmed, any case, spaces
 * and invisible characters as they read. A create or rename to a taken name is 422 `location_group.name_taken` on
 * `name`, in the user's language, and changes nothing; two creates of one name at once make one group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, rowCounts, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let sa: Client;
let support: Client;

beforeAll(async () => {
  t = await createTestApp();
  [sa, support] = await Promise.all([login(t.app, 'superadmin@example.com'), login(t.app, 'support@example.com')]);
});
afterAll(async () => {
  await t?.close();
});

const taken = { code: 'location_group.name_taken', errors: { name: 'Another location group already has this name: choose a different one.' } };

/** The superadmin's client, asking in Spanish (the `locale` cookie: the language the browser shows). */
const inSpanish = (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => {
  const cookie = [...sa.cookies].filter(([k]) => k !== 'locale').map(([k, v]) => `${k}=${encodeURIComponent(v)}`).concat('locale=es').join('; ');
  return sa.request({ method, url, body, headers: { cookie } });
};

const namesLike = async (pattern: string) =>
  (await t.db.selectFrom('location_groups').select('name').where('name', 'like', pattern).execute()).map((r) => r.name);

describe('location group names', () => {
  it('refuses a name another group has (trimmed, any case, as it reads) on create, in English and Spanish', async () => {
    const first = await sa.post('/api/location_groups', { name: 'Madrid North' });
    expect(first.statusCode, first.body).toBe(201);
    const counts = rowCounts(t.db);
    const before = await counts();
    for (const name of ['Madrid North', '  madrid NORTH ', 'Madrid\u00a0North', 'Madrid  North', 'Madrid\u200b North', 'Ｍadrid North']) {
      const res = await sa.post('/api/location_groups', { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json()).toMatchObject(taken);
    }
    const spanish = await inSpanish('POST', '/api/location_groups', { name: 'MADRID NORTH' });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toMatchObject({ code: 'location_group.name_taken', errors: { name: 'Ya hay otro grupo de ubicaciones con este nombre: elige otro.' } });
    expect(await counts()).toBe(before);
    expect(await namesLike('%adrid%')).toEqual(['Madrid North']);
  });

  it("refuses a rename to another group's name; a group may re-case its own, and other edits pass", async () => {
    const south = (await sa.post('/api/location_groups', { name: 'Madrid South' })).json().data;
    await sa.post('/api/location_groups', { name: 'Madrid East' });
    const renamed = await sa.put(`/api/location_groups/${south.id}`, { name: ' madrid east', updated_at: south.updated_at });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toMatchObject(taken);
    const spanish = await inSpanish('PUT', `/api/location_groups/${south.id}`, { name: 'MADRID EAST', updated_at: south.updated_at });
    expect(spanish.json().errors).toEqual({ name: 'Ya hay otro grupo de ubicaciones con este nombre: elige otro.' });
    const stored = await t.db.selectFrom('location_groups').select(['name', 'updated_at']).where('id', '=', south.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: 'Madrid South', updated_at: south.updated_at });

    const recased = await sa.put(`/api/location_groups/${south.id}`, { name: 'MADRID SOUTH', updated_at: south.updated_at });
    expect(recased.statusCode, recased.body).toBe(200);
    // The edit form sends the name back unchanged with the locations: no refusal from its own name.
    const relinked = await sa.put(`/api/location_groups/${south.id}`, { ...recased.json().data, location_ids: [] });
    expect(relinked.statusCode, relinked.body).toBe(200);
  });

  it('makes one group of two creates of one name at once', async () => {
    const name = `Valencia ${Date.now().toString(36)}`;
    const answers = await Promise.all([sa.post('/api/location_groups', { name }), sa.post('/api/location_groups', { name: ` ${name.toUpperCase()} ` })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json()).toMatchObject(taken);
    expect(await namesLike('Valencia %')).toHaveLength(1);
  });

  it('makes one name of two renames to it at once', async () => {
    const a = (await sa.post('/api/location_groups', { name: 'Sevilla A' })).json().data;
    const b = (await sa.post('/api/location_groups', { name: 'Sevilla B' })).json().data;
    const answers = await Promise.all([
      sa.put(`/api/location_groups/${a.id}`, { name: 'Sevilla Centro', updated_at: a.updated_at }),
      sa.put(`/api/location_groups/${b.id}`, { name: 'sevilla centro', updated_at: b.updated_at }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect((await namesLike('%evilla%')).sort()).toHaveLength(2);
    expect((await namesLike('%evilla%')).filter((n) => n.toLowerCase() === 'sevilla centro')).toHaveLength(1);
  });

  it('refuses a wrong JSON type as a field error and other roles altogether, changing nothing', async () => {
    const counts = rowCounts(t.db);
    const before = await counts();
    const wrong = await sa.post('/api/location_groups', { name: ['Madrid North'] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors?.name).toBeTruthy();
    expect((await support.post('/api/location_groups', { name: 'Madrid West' })).statusCode).toBe(403);
    expect(await counts()).toBe(before);
  });

  it('lets groups stored with one name before the rule keep it (their other edits pass) but lets no other group take it', async () => {
    const now = new Date().toISOString();
    const legacy = await t.db
      .insertInto('location_groups')
      .values([
        { name: 'Bilbao', created_at: now, updated_at: now },
        { name: 'bilbao ', created_at: now, updated_at: now },
      ])
      .returning(['id', 'updated_at'])
      .execute();
    const [first] = legacy;
    const kept = await sa.put(`/api/location_groups/${first.id}`, { name: 'Bilbao', location_ids: [], updated_at: first.updated_at });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = (await sa.post('/api/location_groups', { name: 'Bilbao Sur' })).json().data;
    const taking = await sa.put(`/api/location_groups/${other.id}`, { name: 'BILBAO', updated_at: other.updated_at });
    expect(taking.statusCode).toBe(422);
    expect(taking.json()).toMatchObject(taken);
  });

  it('does not mix tables: a group may share a name with a merchant', async () => {
    expect((await sa.post('/api/location_groups', { name: 'Acme Outfitters' })).statusCode).toBe(201);
  });
});
