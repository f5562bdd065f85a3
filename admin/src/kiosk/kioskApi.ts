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

async function call<T>(locationId: string, secret: string, path: string, body?: Record<string, unknown>): Promise<KioskResult<T>> {
  try {
    const res = await fetch(`/api/terminals/${encodeURIComponent(locationId)}${path}`, {
      method: body ? 'POST' : 'GET',
      credentials: 'omit',
      headers: { Accept: 'application/json', 'Accept-Language': getLocale(), Authorization: `Terminal ${secret}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as { data?: T; code?: string; message?: string };
    if (res.ok && json.data !== undefined) return { ok: true, data: json.data };
    return { ok: false, code: json.code ?? 'server_error', message: json.message, status: res.status };
  } catch {
    return { ok: false, code: 'network', status: 0 };
  }
}

export const kioskApi = (locationId: string, secret: string) => ({
  terminal: () => call<KioskTerminal>(locationId, secret, ''),
  open: (code: string) => call<{ compartment: number | null }>(locationId, secret, '/open', { code }),
  courier: (badge: string) => call<CourierSession>(locationId, secret, '/courier', { badge }),
  deposit: (badge: string, barcode: string) => call<{ compartment: number | null; barcode: string }>(locationId, secret, '/deposit', { badge, barcode }),
  reportFull: (badge: string, barcode: string, reason: string) => call<LockerFullAnswer>(locationId, secret, '/report-full', { badge, barcode, reason }),
  retrieve: (badge: string, barcode: string) => call<{ compartment: number | null; barcode: string }>(locationId, secret, '/retrieve', { badge, barcode }),
});
export type KioskApi = ReturnType<typeof kioskApi>;
