/**
 * The customer's pages talk to the public API (docs/campaigns.md) with plain fetch: no cookies, no CSRF,
 * no global error dialog. Failures come back as the API's error code so the page can explain them.
 */
import { getLocale } from '../providers/locale.js';

export interface PublicBrand {
  name: string;
  email_theme: string | null;
  url: string | null;
  contact_url: string | null;
}

export interface Choice {
  id: number;
  name: string;
  class: string;
  hours: string | null;
  address: { street: string | null; house_number: string | null; locality: string | null; postcode: string | null; country: string };
  distance_km: number | null;
  /** A locker without a free door for the parcel: the first size it lacks (shown disabled, issue 13). */
  full_for_size?: string | null;
}

/** A link already answered or expired: only its state, the customer's language and the merchant's branding. */
export interface ClosedRespondPage {
  state: 'used' | 'expired';
  kind: 'batch_item' | 'shipment';
  locale: string;
  merchant: PublicBrand;
}

export interface RespondPageData {
  state: 'open';
  kind: 'batch_item' | 'shipment';
  first_name: string | null;
  /** The customer's language (en/es): the page opens in it. */
  locale: string;
  merchant: PublicBrand;
  expires_at: string;
  pudo_only: boolean;
  selected_location_id: number | null;
  choices: Choice[];
}

export interface RespondAnswer {
  responded: true;
  location: { id: number; name: string; class: string; hours: string | null };
}

/** A place as the tracking page shows it. */
export interface TrackPlace {
  name: string;
  class: string;
  hours: string | null;
  address: string | null;
}

export interface TrackData {
  reference: string;
  status: number;
  /** The customer-facing state (core/tracking.ts): `public.track.states.<state>`. */
  state: string;
  first_name: string | null;
  /** The recipient's language (en/es): the page opens in it. */
  locale: string;
  merchant: PublicBrand;
  timeline: { state: string; at: string }[];
  current_location: TrackPlace | null;
  destination: TrackPlace | null;
  expires_at: string | null;
  packages: { number: number; state: string; location: TrackPlace | null; destination: TrackPlace | null; rerouted: boolean; expires_at: string | null }[];
}

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
