/**
 * Session auth against the API (Sanctum SPA pattern): csrf-cookie, then login; the session cookie
 * does the rest. Permissions are the user's role and effective merchant features.
 */
import type { AuthProvider, HttpError } from 'react-admin';
import { homePath } from '../../../core/permissions.js';
import { api, fetchCsrfCookie } from './http.js';
import { canAccess } from './access.js';
import { loadUser, peekUser, setUser, type CurrentUser } from './session.js';

export const SIGNIN_PATH = '/signin';

export interface Credentials {
  email: string;
  password: string;
}

export interface Permissions {
  role: number;
  features: number;
}

async function postLogin(credentials: Credentials): Promise<CurrentUser> {
  // 400 (already authenticated) and 422 (bad credentials) are handled here and by the sign-in page.
  const res = await api<{ data: CurrentUser }>('login', { method: 'POST', body: credentials, suppress: [400, 422, 429] });
  return res.data;
}

let signingOut: Promise<void> | null = null;

/** Ends the session on the API (once, even when several callers ask at the same time). */
export function signOut(): Promise<void> {
  signingOut ??= api('logout', { method: 'POST', suppress: [400, 401, 403, 419, 422, 500] })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      setUser(null);
      signingOut = null;
    });
  return signingOut;
}

export async function login(credentials: Credentials): Promise<CurrentUser> {
  await fetchCsrfCookie();
  try {
    const user = await postLogin(credentials);
    setUser(user);
    return user;
  } catch (error) {
    if ((error as HttpError).body?.code !== 'auth.already_authenticated') throw error;
    // A stale session is still open: sign it out and try once more.
    await signOut();
    await fetchCsrfCookie();
    const user = await postLogin(credentials);
    setUser(user);
    return user;
  }
}

const toPermissions = (user: CurrentUser | null): Permissions | null =>
  user ? { role: user.role, features: user.features } : null;

export const authProvider: AuthProvider = {
  async login(params: Credentials) {
    const user = await login(params);
    return { redirectTo: homePath(user.role) };
  },
  async logout() {
    if (peekUser() !== null) await signOut();
    return SIGNIN_PATH;
  },
  async checkAuth() {
    const user = await loadUser();
    if (!user) throw { redirectTo: SIGNIN_PATH, message: false };
  },
  async checkError(error: HttpError) {
    if (error?.status === 401) {
      setUser(null);
      throw { redirectTo: SIGNIN_PATH, message: false };
    }
    // 403 and others: the global error dialog explains; the user stays signed in.
  },
  async getIdentity() {
    const user = await loadUser();
    if (!user) throw new Error('not signed in');
    return { ...user, fullName: `${user.first_name} ${user.last_name}`.trim() };
  },
  async getPermissions() {
    return toPermissions(await loadUser());
  },
  async canAccess({ resource, action }) {
    return canAccess(toPermissions(await loadUser()), { resource, action });
  },
};
