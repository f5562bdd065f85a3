/**
 * The signed-in user (GET /api/user), cached for the whole app. `undefined` means not asked yet,
 * `null` means nobody is signed in. Components read it with useCurrentUser (layout/useCurrentUser.ts).
 */
import type { HttpError } from 'react-admin';
import { api, isNetworkFailure } from './http.js';
import type { CurrentUser } from '../../../core/contract/index.js';
import { homePath } from '../../../core/permissions.js';
import { HOME_STORAGE_KEY } from '../layout/appShell.js';

/** The wire type of GET /api/user (core/contract). */
export type { CurrentUser };

let user: CurrentUser | null | undefined;
let pending: Promise<CurrentUser | null> | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export const peekUser = () => user;

export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The last signed-in user, kept on the device so that the installed app opens its role screen with no network
 * (docs/offline-scanning.md): read only when the API cannot be reached at all, forgotten on sign-out.
 */
const OFFLINE_USER_KEY = 'lockerline.user';

function remember(next: CurrentUser | null) {
  try {
    if (next) localStorage.setItem(OFFLINE_USER_KEY, JSON.stringify(next));
    else localStorage.removeItem(OFFLINE_USER_KEY);
  } catch {
    // no storage: the app needs the network to open
  }
}

function remembered(): CurrentUser | null {
  try {
    return JSON.parse(localStorage.getItem(OFFLINE_USER_KEY) ?? 'null') as CurrentUser | null;
  } catch {
    return null;
  }
}

export function setUser(next: CurrentUser | null): void {
  remember(next);
  user = next;
  pending = null;
  rememberHome(next);
  emit();
}

/** Whose home the next load's first paint may draw (layout/appShell.ts); forgotten on sign-out. */
function rememberHome(next: CurrentUser | null): void {
  try {
    if (next) localStorage.setItem(HOME_STORAGE_KEY, homePath(next.role));
    else localStorage.removeItem(HOME_STORAGE_KEY);
  } catch {
    // No storage (private mode, tests): no first paint, nothing else changes.
  }
}

/** The current user, asking the API once (or again when `refresh`). */
export function loadUser(refresh = false): Promise<CurrentUser | null> {
  if (user !== undefined && !refresh) return Promise.resolve(user);
  if (pending && !refresh) return pending;
  const request = api<{ data: CurrentUser }>('user', { suppress: [0, 401, 419] })
    .then((res) => res.data)
    .catch((error: HttpError) => {
      if (error.status === 401 || error.status === 419) return null;
      // No network: the user this device last had signed in, if any (the API still checks every request).
      if (isNetworkFailure(error) && remembered()) return remembered();
      throw error;
    })
    .then((next) => {
      if (pending === request) setUser(next);
      return next;
    });
  pending = request;
  return request;
}
