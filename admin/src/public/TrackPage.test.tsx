/** The tracking page opens in the recipient's language (from the API), like the respond page. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { memoryStore } from 'react-admin';
import { es } from '../../../core/i18n/index.js';
import { bilingualI18n, renderRoute } from '../components/testing.js';
import { TrackPage } from './TrackPage.js';
import type { TrackData } from './publicApi.js';

const data: TrackData = {
  reference: 'LL6065243674',
  status: 90,
  state: 'ready',
  first_name: 'Lucía',
  locale: 'es',
  merchant: { name: 'Acme Outfitters', email_theme: null, url: null, contact_url: null },
  timeline: [{ state: 'ready', at: '2026-11-20T17:44:00.000Z' }],
  current_location: { name: 'Freeport Mart', class: 'pudo', hours: null, address: null },
  destination: { name: 'Freeport Mart', class: 'pudo', hours: null, address: null },
  expires_at: '2026-11-25T08:44:00.000Z',
  packages: [{ number: 1, state: 'ready', location: null, destination: null, rerouted: false, expires_at: '2026-11-25T08:44:00.000Z' }],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('TrackPage', () => {
  it("opens in the recipient's language", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ data }) })));
    renderRoute({ url: `/track/${data.reference}`, path: '/track/:reference', element: <TrackPage />, i18nProvider: bilingualI18n(), store: memoryStore() });
    expect(await screen.findByRole('heading', { name: es.public.track.title })).toBeTruthy();
    expect(screen.getByTestId('track-status').textContent).toBe(es.public.track.states.ready);
  });
});
