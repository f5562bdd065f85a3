/**
 * The customer's pages talk to the public API (docs/campaigns.md) with plain fetch: no cookies, no CSRF,
 * no global error dialog. Failures come back as the API's error code so the page can explain them.
 */
import { getLocale } from '../providers/locale.js';
import type { Choice, ClosedRespondPage as ClosedPage, PublicBrand, RespondAnswer, RespondPageData, TrackData, TrackPlace } from '../../../core/contract/index.js';

/** The wire types of the public pages' routes (core/contract): one definition for the API and the pages. */
export type { Choice, PublicBrand, RespondAnswer, RespondPageData, TrackData, TrackPlace };

/** A link already answered or expired (the contract's type, with its state narrowed so the page can tell it from an open one). */
export type ClosedRespondPage = Omit<ClosedPage, 'state'> & { state: 'used' | 'expired' };

/** Where to search from: the device's position, or a text (a town, a point's name or a postcode). */
export type Origin = { lat: number; lng: number } | { search: string } | null;

export type Result<T> = { ok: true; data: T } | { ok: false; code: string };

async function call<T>(path: string, init: RequestInit = {}): Promise<Result<T>> {
  try {
    const res = await fetch(`/api/public/${path}`, {
      ...init,
      credentials: 'omit',
      headers: { Accept: 'application/json', 'Accept-Language': getLocale(), ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
    const body = (await res.json().catch(() => ({}))) as { data?: T; code?: string };
    if (res.ok && body.data !== undefined) return { ok: true, data: body.data };
    return { ok: false, code: body.code ?? (res.status === 404 ? 'not_found' : 'server_error') };
  } catch {
    return { ok: false, code: 'network' };
  }
}

const enc = encodeURIComponent;

export function loadRespondPage(token: string, origin: Origin): Promise<Result<RespondPageData | ClosedRespondPage>> {
  const query = new URLSearchParams();
  if (origin && 'lat' in origin) {
    query.set('lat', origin.lat.toFixed(5));
    query.set('lng', origin.lng.toFixed(5));
  } else if (origin?.search) query.set('search', origin.search);
  const qs = query.toString();
  return call<RespondPageData | ClosedRespondPage>(`respond/${enc(token)}${qs ? `?${qs}` : ''}`);
}

export const answerRespondPage = (token: string, locationId: number) =>
  call<RespondAnswer>(`respond/${enc(token)}`, { method: 'POST', body: JSON.stringify({ location_id: locationId }) });

export const loadTracking = (reference: string) => call<TrackData>(`track/${enc(reference)}`);
