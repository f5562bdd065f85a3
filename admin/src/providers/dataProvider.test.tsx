/** The data provider's reference lookups: getMany asks the list endpoint by id, only for resources the role may list. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../../core/roles.js';
import { dataProvider } from './dataProvider.js';
import { setUser, type CurrentUser } from './session.js';

const user = (role: number): CurrentUser => ({
  id: 1, first_name: 'A', last_name: 'B', email: 'a@example.com', role, merchant_id: 1, features: 0xffff,
  locale: 'en', country: 'BS', preferences: {},
});

function mockFetch() {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 1, name: 'Acme' }], meta: { total: 1 } }), {
    status: 200, headers: { 'Content-Type': 'application/json' },
  }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUser(null);
});

describe('dataProvider.getMany', () => {
  it('does not ask the API for a resource the role may not list (no 403 for a merchant admin)', async () => {
    const fetchMock = mockFetch();
    setUser(user(ROLES.merchant_admin));
    expect(await dataProvider.getMany('merchants', { ids: [1] })).toEqual({ data: [] });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('looks records up by filters[id] when the role may list them', async () => {
    const fetchMock = mockFetch();
    setUser(user(ROLES.superadmin));
    const res = await dataProvider.getMany('merchants', { ids: [1, 1] });
    expect(res.data.map((r) => r.id)).toEqual([1]);
    const url = decodeURIComponent(String((fetchMock.mock.calls[0] as unknown[])[0]));
    expect(url).toContain('merchants?');
    expect(url).toContain('filters[id][0]=1');
  });
});

describe('dataProvider.getList', () => {
  it('asks the next page with the cursor the page before answered, and other pages by number alone', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 9 }], meta: { total: 1000, next: 'CUR1' } }), {
      status: 200, headers: { 'Content-Type': 'application/json' },
    }));
    vi.stubGlobal('fetch', fetchMock);
    setUser(user(ROLES.superadmin));
    const page = (n: number, order: 'ASC' | 'DESC' = 'DESC') =>
      dataProvider.getList('shipments', { pagination: { page: n, perPage: 25 }, sort: { field: 'updated_at', order }, filter: {} });
    const urls = async (...pages: [number, ('ASC' | 'DESC')?][]) => {
      fetchMock.mockClear();
      for (const [n, order] of pages) await page(n, order);
      return fetchMock.mock.calls.map((call) => decodeURIComponent(String((call as unknown[])[0])));
    };
    const [first, second, jump, otherSort] = await urls([1], [2], [5], [6, 'ASC']);
    expect(first).not.toContain('after=');
    expect(second).toContain('page=2');
    expect(second).toContain('after=CUR1');
    expect(jump).not.toContain('after=');
    expect(otherSort).not.toContain('after=');
  });
});


describe('dataProvider verbs (act, can)', () => {
  it('act POSTs the verb on the record and returns it with its new allowed actions', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { id: 7, status: 10 }, meta: { actions: ['print'] } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=t0k';
    const res = await dataProvider.act('shipments', 7, 'register', { note: 'x' });
    expect(res.data).toEqual({ id: 7, status: 10, _actions: ['print'] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/shipments/7/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ note: 'x' });
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('t0k');
  });

  it('act names a verb on a part of the record by its path segments, each encoded (a locker door)', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { package: { flagged: true } } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=t0k';
    const res = await dataProvider.act('locations', 4, ['doors', 12, 'out-of-service'], { reason: 'jammed' });
    expect(res.data.package).toEqual({ flagged: true });
    await dataProvider.act('locations', 4, ['doors', 'a/b', 'open']);
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string])[0])).toEqual(['/api/locations/4/doors/12/out-of-service', '/api/locations/4/doors/a%2Fb/open']);
  });

  it('removePart DELETEs a part of the record (a kiosk badge)', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=t0k';
    await dataProvider.removePart('users', 8, 'badge');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/users/8/badge', 'DELETE']);
  });

  it('can asks user/can with the singular name and the ids', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ allOk: false, can: [1], cannot: [2], reasons: { 2: 'forbidden' } }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect((await dataProvider.can('packages', 'cancel', [1, 2])).cannot).toEqual([2]);
    expect(decodeURIComponent(String((fetchMock.mock.calls[0] as unknown[])[0]))).toBe('/api/user/can/cancel/package?ids[0]=1&ids[1]=2');
  });
});
