/**
 * The guest app: /signin, /reset-password and /create-password (docs/admin.md "First load"). Plain React and
 * CSS (guest/ui.tsx), no react-admin, MUI or data router, so the sign-in page's first load stays under the
 * issue 11 bar (150 kB gzip). Somebody already signed in goes on to the admin app at their home; so does
 * a successful sign-in (guest/nav.ts). A move to a path that is not a guest page hands over to the admin app.
 */
import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import type { MountApp } from '../boot.js';
import { showAdmin } from '../boot.js';
import { isGuestPath } from '../layout/guard.js';
import { loadUser } from '../providers/session.js';
import { SignInPage } from '../pages/guest/SignInPage.js';
import { CreatePasswordPage, ResetPasswordPage } from '../pages/guest/PasswordPage.js';
import { GuestNavContext, enterApp, type GuestNav } from './nav.js';

const PAGES: Record<string, () => React.JSX.Element> = {
  '/signin': SignInPage,
  '/reset-password': ResetPasswordPage,
  '/create-password': CreatePasswordPage,
};

const here = () => ({ pathname: globalThis.location.pathname.replace(/\/+$/, '') || '/', search: globalThis.location.search });

function GuestApp() {
  const [location, setLocation] = useState(here);
  useEffect(() => {
    const onPopState = () => setLocation(here());
    globalThis.addEventListener('popstate', onPopState);
    return () => globalThis.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<GuestNav['navigate']>((to, options) => {
    globalThis.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
    setLocation(here());
  }, []);
  const nav = useMemo(() => ({ params: new URLSearchParams(location.search), navigate }), [location.search, navigate]);

  // The page shows at once; should somebody be signed in (the session check started with the entry), the
  // admin app takes over at their home.
  useEffect(() => {
    let live = true;
    loadUser()
      .then((user) => (live && user ? enterApp(user) : undefined))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const guestPage = isGuestPath(location.pathname);
  useEffect(() => {
    if (!guestPage) void showAdmin();
  }, [guestPage]);

  const Page = PAGES[location.pathname];
  return Page ? (
    <GuestNavContext.Provider value={nav}>
      <Page />
    </GuestNavContext.Provider>
  ) : null;
}

export const mountGuest: MountApp = (root) => {
  root.render(
    <StrictMode>
      <GuestApp />
    </StrictMode>,
  );
  return () => undefined;
};
