/**
 * Moving between the guest pages (no router library: three pages), and from them into the admin app once
 * somebody is signed in.
 */
import { createContext, useContext } from 'react';
import { guardRedirect } from '../layout/guard.js';
import type { CurrentUser } from '../providers/session.js';
import { showAdmin } from '../boot.js';

export interface GuestNav {
  /** The query string of the page's URL. */
  params: URLSearchParams;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

export const GuestNavContext = createContext<GuestNav>({ params: new URLSearchParams(), navigate: () => undefined });

export const useGuestNav = () => useContext(GuestNavContext);

/**
 * Somebody is signed in: the admin app takes over at the user's home (the navigation guard, SPEC section 2),
 * in place of this page in the browser history.
 */
export function enterApp(user: CurrentUser): Promise<void> {
  const to = guardRedirect(globalThis.location.pathname, user) ?? '/';
  globalThis.history.replaceState(null, '', to);
  return showAdmin();
}

/** The signed-in app's chunks, fetched (and run) while the credentials are checked. Best effort. */
export function prefetchApp(): void {
  void import('../AdminApp.js').catch(() => undefined);
  void import('../layout/Layout.js').catch(() => undefined);
  void import('../resources/index.js').catch(() => undefined);
}
