/**
 * The customer's page opens in the customer's language (from the API), and the customer's own switch stands;
 * an answered or expired link explains itself in that language under the merchant's name, an unknown one
 * shows nobody's.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { en, es } from '../../../core/i18n/index.js';
import { bilingualI18n, renderRoute } from '../components/testing.js';
import { RespondPage } from './RespondPage.js';
import type { ClosedRespondPage, RespondPageData } from './publicApi.js';

const page: RespondPageData = {
  state: 'open',
  kind: 'batch_item',
  first_name: 'Lucía',
  locale: 'es',
  merchant: { name: 'Acme Outfitters', email_theme: null, url: null, contact_url: null },
  expires_at: '2031-03-20T00:00:00.000Z',
  pudo_only: false,
  pudo_only_reason: null,
  selected_location_id: null,
  choices: [],
};

const greeting = (catalogue: typeof en) => catalogue.public.respond.greeting.replace('%{name}', 'Lucía');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(data: RespondPageData | ClosedRespondPage | { code: string } = page, token = 'tok') {
  const body = 'code' in data ? data : { data };
  const status = 'code' in data ? 404 : 200;
  const fetch = vi.fn(async () => ({ ok: status === 200, status, json: async () => body }));
  vi.stubGlobal('fetch', fetch);
  renderRoute({ url: `/respond/${token}`, path: '/respond/:token', element: <RespondPage />, i18nProvider: bilingualI18n(), store: memoryStore() });
  return fetch;
}

describe('RespondPage', () => {
  it("opens in the customer's language; the customer's own switch stands (react-admin remounts the page on a switch)", async () => {
    const fetch = renderPage();
    expect(await screen.findByRole('heading', { name: greeting(es) })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /English/ }));
    expect(await screen.findByRole('heading', { name: greeting(en) })).toBeTruthy();
    const loads = fetch.mock.calls.length;
    fireEvent.change(screen.getByLabelText(en.public.respond.search_label), { target: { value: 'N-1234' } });
    fireEvent.click(screen.getByRole('button', { name: en.public.respond.search }));
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBe(loads + 1));
    // Settled: still English after the reloads.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('heading', { name: greeting(en) })).toBeTruthy();
  });

  const choice = (id: number, distance_km: number | null) => ({
    id,
    name: `Point ${id}`,
    class: 'pudo',
    hours: null,
    address: { street: null, house_number: null, locality: 'Nassau', postcode: null, country: 'BS' },
    distance_km,
  });

  it('writes distances in the page language (2,5 km in Spanish) under "nearest first"', async () => {
    renderPage({ ...page, choices: [choice(1, 2.5), choice(2, 12)] }, 'tok-distances');
    expect(await screen.findByRole('heading', { name: es.public.respond.choices_nearest })).toBeTruthy();
    expect(screen.getAllByTestId('public-distance').map((d) => d.textContent)).toEqual(['2,5 km', '12,0 km']);
  });

  it('says why only PUDO points are offered: a parcel too large for a locker, or no mobile number for its code', async () => {
    renderPage({ ...page, pudo_only: true, pudo_only_reason: 'no_phone', choices: [choice(1, 2.5)] }, 'tok-no-phone');
    expect(await screen.findByText(es.public.respond.pudo_only_no_phone)).toBeTruthy();
    expect(screen.queryByText(es.public.respond.pudo_only)).toBeNull();
    cleanup();
    renderPage({ ...page, pudo_only: true, pudo_only_reason: 'oversized', choices: [choice(1, 2.5)] }, 'tok-oversized');
    expect(await screen.findByText(es.public.respond.pudo_only)).toBeTruthy();
  });

  it('asks the API for the points matching a town or name, says when none does, and does not claim "nearest first"', async () => {
    const fetch = renderPage({ ...page, locale: 'en', choices: [] }, 'tok-search');
    await screen.findByRole('heading', { name: greeting(en) });
    fireEvent.change(screen.getByLabelText(en.public.respond.search_label), { target: { value: 'Eleuthera' } });
    fireEvent.click(screen.getByRole('button', { name: en.public.respond.search }));
    await vi.waitFor(() => expect(String((fetch.mock.calls.at(-1) as unknown[] | undefined)?.[0])).toContain('search=Eleuthera'));
    expect((await screen.findByTestId('public-no-match')).textContent).toBe(en.public.respond.no_match.replace('%{search}', 'Eleuthera'));
    expect(screen.getByRole('heading', { name: en.public.respond.choices })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: en.public.respond.choices_nearest })).toBeNull();
  });

  it("explains an answered or expired link in the customer's language, under the merchant's name", async () => {
    renderPage({ state: 'used', kind: 'batch_item', locale: 'es', merchant: page.merchant }, 'tok-used');
    expect(await screen.findByRole('heading', { name: es.public.problems.token_used.title })).toBeTruthy();
    expect(screen.getByTestId('public-brand').textContent).toBe('Acme Outfitters');
    cleanup();
    renderPage({ state: 'expired', kind: 'shipment', locale: 'en', merchant: { ...page.merchant, name: 'Globex' } }, 'tok-expired');
    expect(await screen.findByRole('heading', { name: en.public.problems.token_expired.title })).toBeTruthy();
    expect(screen.getByTestId('public-brand').textContent).toBe('Globex');
  });

  it('shows an unknown link without anybody\'s branding', async () => {
    renderPage({ code: 'public.token_invalid' }, 'tok-unknown');
    expect(await screen.findByRole('heading', { name: en.public.problems.token_invalid.title })).toBeTruthy();
    expect(screen.getByTestId('public-brand').textContent).toBe(en.app.title);
  });
});
