/**
 * The application shell's pure logic: the navigation guard, the data provider's requests and the
 * global error messages.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES } from '../../core/roles.js';
import { ALL_FEATURES, FEATURES } from '../../core/features.js';
import { translate } from '../../core/i18n/index.js';
import { guardRedirect, routeNameForPath } from './layout/guard.js';
import { mapTo, toSpecPathname } from './layout/specRouter.js';
import { dataProvider, listQuery } from './providers/dataProvider.js';
import { buildQuery } from './providers/http.js';
import { canAccess } from './providers/access.js';
import { describeHttpError, resourceOfPath } from './errors/messages.js';
import { inUseMessage } from '../../core/in-use.js';
import { testI18n } from './components/testing.js';
import { SPA_CSP } from '../../api/plugins/security-headers.js';
import { subscribeHttpErrors, type HttpErrorEvent } from './errors/bus.js';

const user = (role: number, features = 0) => ({ role, features });
const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

describe('routeNameForPath', () => {
  it.each([
    ['/', 'dashboard'],
    ['/users/profile', 'users-profile'],
    ['/merchants/preferences', 'merchants-preferences'],
    ['/pudo', 'pudo'],
    ['/lockers/', 'lockers'],
    ['/shipments', 'shipments'],
    ['/shipments/create', 'shipments-create'],
    ['/shipments/12', 'shipments-show'],
    ['/shipments/12/edit', 'shipments-edit'],
    ['/shipments/import', 'shipments-import'],
    ['/shipments/import/preview', 'shipments-import'],
    ['/shipments/7/packages', 'packages'],
    ['/shipments/7/packages/create', 'packages-create'],
    ['/shipments/7/packages/3', 'packages-show'],
    ['/shipments/7/packages/3/edit', 'packages-edit'],
    ['/batches/2/batch_items/9', 'batch_items-show'],
    ['/batches/2/batch_items/import', 'batch_items-import'],
    ['/batches/2/batch_items/import/preview', 'batch_items-import'],
    ['/location_groups/1/edit', 'location_groups-edit'],
  ])('%s is %s', (path, name) => expect(routeNameForPath(path)).toBe(name));

  it('knows no name for unknown paths', () => {
    expect(routeNameForPath('/nowhere')).toBeNull();
    expect(routeNameForPath('/shipments/1/edit/more')).toBeNull();
    // nested resources only exist under their parent
    expect(routeNameForPath('/packages')).toBeNull();
    expect(routeNameForPath('/batch_items/3')).toBeNull();
    expect(routeNameForPath('/batches/2/packages')).toBeNull();
  });
});

describe('guardRedirect (SPEC section 2)', () => {
  it('sends guests to signin from any signed-in route, and lets them see guest pages', () => {
    expect(guardRedirect('/', null)).toBe('/signin');
    expect(guardRedirect('/shipments/3', null)).toBe('/signin');
    expect(guardRedirect('/signin', null)).toBeNull();
    expect(guardRedirect('/reset-password', null)).toBeNull();
  });

  it('sends a signed-in user on a guest page to their home', () => {
    expect(guardRedirect('/signin', user(ROLES.merchant_admin))).toBe('/');
    expect(guardRedirect('/signin', user(ROLES.pudo))).toBe('/pudo');
    expect(guardRedirect('/create-password', user(ROLES.driver))).toBe('/driver');
  });

  it('sends users home from routes their role may not open', () => {
    expect(guardRedirect('/', user(ROLES.warehouse))).toBe('/warehouse');
    expect(guardRedirect('/merchants', user(ROLES.merchant_admin))).toBe('/');
    expect(guardRedirect('/pudo', user(ROLES.driver))).toBe('/driver');
    expect(guardRedirect('/nowhere', user(ROLES.superadmin))).toBe('/');
  });

  it('checks merchant features', () => {
    expect(guardRedirect('/merchants/preferences', user(ROLES.merchant_admin, 0))).toBe('/');
    expect(guardRedirect('/merchants/preferences', user(ROLES.merchant_admin, FEATURES.content))).toBeNull();
    expect(guardRedirect('/manifests', user(ROLES.merchant_user, 0))).toBe('/');
    expect(guardRedirect('/manifests', user(ROLES.merchant_user, FEATURES.manifests))).toBeNull();
    // a batch's customer import: merchant admins with the batches feature, not merchant users
    expect(guardRedirect('/batches/2/batch_items/import/upload', user(ROLES.merchant_admin, FEATURES.batches))).toBeNull();
    expect(guardRedirect('/batches/2/batch_items/import/upload', user(ROLES.merchant_admin, 0))).toBe('/');
    expect(guardRedirect('/batches/2/batch_items/import/upload', user(ROLES.merchant_user, FEATURES.batches))).toBe('/');
  });

  it('lets allowed users through', () => {
    expect(guardRedirect('/', user(ROLES.merchant_user))).toBeNull();
    expect(guardRedirect('/lockers', user(ROLES.support))).toBeNull();
    expect(guardRedirect('/shipments/1/packages/2/edit', user(ROLES.superadmin, ALL_FEATURES))).toBeNull();
    expect(guardRedirect('/shipments/1/edit', user(ROLES.merchant_user))).toBe('/');
  });
});

describe('canAccess (one access function)', () => {
  it('uses the CRUD policy for resources and the route table otherwise', () => {
    expect(canAccess(user(ROLES.merchant_user), { resource: 'shipments', action: 'list' })).toBe(true);
    expect(canAccess(user(ROLES.merchant_user), { resource: 'shipments', action: 'create' })).toBe(false);
    expect(canAccess(user(ROLES.merchant_user), { resource: 'shipments', action: 'export' })).toBe(true);
    expect(canAccess(user(ROLES.merchant_user), { resource: 'batches', action: 'list' })).toBe(false);
    expect(canAccess(user(ROLES.merchant_user, FEATURES.batches), { resource: 'batches', action: 'list' })).toBe(true);
    expect(canAccess(user(ROLES.pudo), { resource: 'pudo' })).toBe(true);
    expect(canAccess(null, { resource: 'shipments', action: 'list' })).toBe(false);
  });
});

describe('SPEC record paths from react-admin links', () => {
  const resources = new Set(['shipments', 'users', 'merchants']);
  it('maps edit and show links', () => {
    expect(toSpecPathname('/shipments/5', resources)).toBe('/shipments/5/edit');
    expect(toSpecPathname('/shipments/5/show', resources)).toBe('/shipments/5');
    expect(toSpecPathname('/shipments/create', resources)).toBe('/shipments/create');
    expect(toSpecPathname('/users/profile', resources)).toBe('/users/profile');
    expect(toSpecPathname('/merchants/preferences', resources)).toBe('/merchants/preferences');
    expect(toSpecPathname('/shipments/5/packages/2', resources)).toBe('/shipments/5/packages/2');
    expect(toSpecPathname('/pudo', resources)).toBe('/pudo');
  });
  it('passes links without a target through (a ReferenceField still loading rendered one and crashed)', () => {
    expect(mapTo(undefined as never, resources)).toBeUndefined();
    expect(mapTo({ search: '?a=1' }, resources)).toEqual({ search: '?a=1' });
    expect(mapTo({ pathname: '/shipments/5/show', search: '?x' }, resources)).toEqual({ pathname: '/shipments/5', search: '?x' });
    expect(mapTo('/shipments/5?tab=1', resources)).toBe('/shipments/5/edit?tab=1');
  });
});

describe('list queries', () => {
  it('serialises paging, sort, search, scope and indexed filters', () => {
    const query = listQuery({
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'updated_at', order: 'DESC' },
      filter: { q: 'abc', status: [20, 30], merchant_id: 4, scope: 'dropoff', empty: '' },
    });
    expect(decodeURIComponent(buildQuery(query))).toBe(
      'page=2&perPage=25&sort=-updated_at&search=abc&scope=dropoff&filters[status][0]=20&filters[status][1]=30&filters[merchant_id][0]=4',
    );
  });

  it('sorts ascending without a prefix and passes light / list_ids', () => {
    const query = listQuery({ sort: { field: 'id', order: 'ASC' }, filter: {}, meta: { light: true, list_ids: true } });
    expect(buildQuery(query)).toBe('sort=id&light=1&list_ids=1');
  });
});

describe('dataProvider requests', () => {
  const calls: { url: string; init: RequestInit }[] = [];
  let responses: Response[] = [];

  beforeEach(() => {
    calls.length = 0;
    document.cookie = 'XSRF-TOKEN=' + encodeURIComponent('tok/en=');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return responses.shift() ?? new Response('{}', { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('getList returns records with their allowed actions and the total', async () => {
    responses = [
      json({ data: [{ id: 1 }, { id: 2 }], meta: { total: 40, page: 1, perPage: 25, from: 1, to: 2, actions: { 1: ['print'] } } }),
    ];
    const res = await dataProvider.getList('shipments', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'updated_at', order: 'DESC' },
      filter: { status: [0] },
    });
    expect(res.total).toBe(40);
    expect(res.data[0]._actions).toEqual(['print']);
    expect(res.data[1]._actions).toEqual([]);
    expect(calls[0].init.credentials).toBe('include');
    expect(decodeURIComponent(calls[0].url)).toBe('/api/shipments?page=1&perPage=25&sort=-updated_at&filters[status][0]=0');
  });

  it('getMany asks for filters[id][i]; getManyReference filters by the parent', async () => {
    responses = [json({ data: [], meta: { total: 0 } }), json({ data: [], meta: { total: 0 } })];
    await dataProvider.getMany('locations', { ids: [3, 5] });
    expect(decodeURIComponent(calls[0].url)).toContain('filters[id][0]=3&filters[id][1]=5');
    await dataProvider.getManyReference('packages', {
      target: 'shipment_id',
      id: 9,
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(decodeURIComponent(calls[1].url)).toBe('/api/packages?page=1&perPage=25&sort=id&filters[shipment_id][0]=9');
  });

  it('update sends X-XSRF-TOKEN, Accept-Language and the updated_at it read', async () => {
    responses = [json({ data: { id: 4, name: 'B' }, meta: { actions: ['delete'] } })];
    const res = await dataProvider.update('locations', {
      id: 4,
      data: { id: 4, name: 'B', updated_at: '2026-01-02T00:00:00.000Z', _actions: ['x'] },
      previousData: { id: 4, name: 'A', updated_at: '2026-01-01T00:00:00.000Z' },
    });
    const { url, init } = calls[0];
    expect(url).toBe('/api/locations/4');
    expect(init.method).toBe('PUT');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-XSRF-TOKEN']).toBe('tok/en=');
    expect(headers['Accept-Language']).toMatch(/^(en|es)$/);
    const body = JSON.parse(String(init.body));
    expect(body.updated_at).toBe('2026-01-01T00:00:00.000Z');
    expect(body._actions).toBeUndefined();
    expect(res.data._actions).toEqual(['delete']);
  });

  it('turns error bodies into HttpError with field errors and publishes them', async () => {
    const seen: HttpErrorEvent[] = [];
    const stop = subscribeHttpErrors((e) => seen.push(e));
    responses = [json({ code: 'validation.failed', message: 'The form is not completed.', errors: { name: 'Required' } }, 422)];
    await expect(dataProvider.create('locations', { data: { name: '' } })).rejects.toMatchObject({
      status: 422,
      body: { errors: { name: 'Required' } },
    });
    stop();
    expect(seen).toEqual([{ status: 422, code: 'validation.failed', message: 'The form is not completed.', errors: { name: 'Required' } }]);
  });
});

describe('describeHttpError (SPEC section 8)', () => {
  it('400/422: the translated code, else [code] message, plus details', () => {
    expect(describeHttpError({ status: 400, code: 'shipment.no_packages', message: 'x' }, t).message).toBe('Shipment has no packages');
    const unknown = describeHttpError({ status: 422, code: 'weird.code', message: 'Odd', errors: { email: 'Bad' } }, t);
    expect(unknown.message).toBe('[weird.code] Odd');
    expect(unknown.details).toEqual(['email: Bad']);
    const labelled = describeHttpError({ status: 422, code: 'validation.failed', message: 'x', errors: { email: 'Bad' } }, t, (f) => `<${f}>`);
    expect(labelled.details).toEqual(['<email>: Bad']);
    expect(resourceOfPath('/shipments/5/packages/create')).toBe('packages');
  });

  it('400/422: a field error saying what the message says is not listed again, its field named instead', () => {
    // The server's sentence (here in another wording than the catalogue's) or the translation shown: the same thing.
    const taken = describeHttpError({ status: 422, code: 'user.email_taken', message: 'E-mail in use', errors: { email: 'e-mail in use.', phone: 'Too short.' } }, t, (f) => `<${f}>`);
    expect(taken).toEqual({ message: 'This email address is already in use.', fields: ['<email>'], details: ['<phone>: Too short.'] });
    const shown = describeHttpError({ status: 422, code: 'user.email_taken', message: 'x', errors: { email: 'This email address is already in use.' } }, t);
    expect(shown.fields).toEqual(['email']);
    expect(shown.details).toEqual([]);
    expect(resourceOfPath('/shipments/5/edit')).toBe('shipments');
  });

  it("400: the server's message when it adds a detail to the translation", () => {
    const detailed = 'The request could not be processed: filter nope is not supported';
    expect(describeHttpError({ status: 400, code: 'bad_request', message: detailed }, t).message).toBe(detailed);
    expect(describeHttpError({ status: 400, code: 'bad_request', message: 'The request could not be processed.' }, t).message).toBe(
      'The request could not be processed.',
    );
    // What holds a record the delete refused (core/in-use.ts), not only that something does.
    const held = inUseMessage(t, { packages: 12, shipments: 1 })!;
    expect(held).toBe('This item is still in use and cannot be deleted: it is linked to 12 packages, 1 shipment. Change or delete those first.');
    expect(describeHttpError({ status: 400, code: 'record.in_use', message: held }, t).message).toBe(held);
  });

  it('403: the translated message, else Forbidden: {message}.', () => {
    expect(describeHttpError({ status: 403, code: 'forbidden', message: 'no' }, t).message).toBe('You do not have permission to do that.');
    expect(describeHttpError({ status: 403, message: 'Nope' }, t).message).toBe('Forbidden: Nope.');
  });

  it('a phrase with params shows the server\'s filled-in message, never a raw placeholder', () => {
    // As the error dialog translates: react-admin's polyglot, which leaves a param it was not given as %{field}.
    const dialogT = (key: string, params?: Record<string, string | number>) => testI18n.translate(key, { _: key, ...params });
    const message = 'This list cannot be sorted by locker_service.';
    expect(describeHttpError({ status: 400, code: 'list.sort_unsupported', message }, dialogT).message).toBe(message);
  });

  it('404, 409 and others', () => {
    expect(describeHttpError({ status: 404, code: 'not_found', message: 'x' }, t).message).toBe('The item you requested could not be found.');
    expect(describeHttpError({ status: 409, code: 'conflict.stale', message: 'x' }, t).message).toBe(
      'Someone else has changed this item since you started editing it. Please reload the page to see the changes.',
    );
    expect(describeHttpError({ status: 500, message: 'Boom' }, t).message).toBe('An unexpected server error occurred. Boom');
  });
});

describe('index.html under the CSP', () => {
  it("has no inline script (script-src 'self' would block it)", () => {
    expect(SPA_CSP).toContain("script-src 'self';");
    const html = readFileSync('admin/index.html', 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
  });
});
