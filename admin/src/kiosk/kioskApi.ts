/**
 * The kiosk talks to its terminal's API (docs/lockers.md) with plain fetch and the terminal's own credential,
 * kept in this device's localStorage: no cookies, no CSRF, no staff session, no global error dialog. Refusals
 * come back as the API's code and message (in the kiosk's language, sent as Accept-Language).
 */
import { getLocale } from '../providers/locale.js';

const storageKey = (locationId: string) => `lockerline.kiosk.${locationId}`;

export const savedSecret = (locationId: string): string | null => {
  try {
    return globalThis.localStorage?.getItem(storageKey(locationId)) ?? null;
  } catch {
    return null;
  }
};
export const saveSecret = (locationId: string, secret: string | null) => {
  if (secret) globalThis.localStorage?.setItem(storageKey(locationId), secret);
  else globalThis.localStorage?.removeItem(storageKey(locationId));
};

export type KioskResult<T> = { ok: true; data: T } | { ok: false; code: string; message?: string; status: number };

export interface KioskTerminal {
  id: number;
  name: string;
  code: string;
}
export interface CourierPackage {
  id: number;
  barcode: string;
  size: string;
  compartment: number | null;
}
export interface CourierSession {
  courier: { id: number; name: string };
  deposits: CourierPackage[];
  retrievable: CourierPackage[];
}

/** Where a parcel the courier could not deposit goes instead (temporary storage, docs/lockers.md). */
export interface LockerFullAnswer {
  barcode: string;
  status: number;
  storage: { location_id: number; name: string; class: string; distance: number | null; expires_at: string; returns_at: string };
}

/** Called when the terminal refuses the secret (401): the page asks for it again. */
type OnRejected = () => void;

async function call<T>(locationId: string, secret: string, onRejected: OnRejected | undefined, path: string, body?: Record<string, unknown>): Promise<KioskResult<T>> {
  try {
    const res = await fetch(`/api/terminals/${encodeURIComponent(locationId)}${path}`, {
      method: body ? 'POST' : 'GET',
      credentials: 'omit',
      headers: { Accept: 'application/json', 'Accept-Language': getLocale(), Authorization: `Terminal ${secret}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as { data?: T; code?: string; message?: string };
    if (res.ok && json.data !== undefined) return { ok: true, data: json.data };
    if (res.status === 401) onRejected?.();
    return { ok: false, code: json.code ?? 'server_error', message: json.message, status: res.status };
  } catch {
    return { ok: false, code: 'network', status: 0 };
  }
}

/**
 * The terminal's API for one location and secret. `onRejected` runs on any 401 (the secret was rotated while the
 * kiosk ran, or is wrong): not only the set-up check, so the next customer is not left with a refusal they cannot act on.
 */
export const kioskApi = (locationId: string, secret: string, onRejected?: OnRejected) => {
  const send = <T,>(path: string, body?: Record<string, unknown>) => call<T>(locationId, secret, onRejected, path, body);
  return {
    terminal: () => send<KioskTerminal>(''),
    open: (code: string) => send<{ compartment: number | null }>('/open', { code }),
    courier: (badge: string) => send<CourierSession>('/courier', { badge }),
    deposit: (badge: string, barcode: string) => send<{ compartment: number | null; barcode: string }>('/deposit', { badge, barcode }),
    reportFull: (badge: string, barcode: string, reason: string) => send<LockerFullAnswer>('/report-full', { badge, barcode, reason }),
    retrieve: (badge: string, barcode: string) => send<{ compartment: number | null; barcode: string }>('/retrieve', { badge, barcode }),
  };
};
export type KioskApi = ReturnType<typeof kioskApi>;
