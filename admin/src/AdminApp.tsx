/**
 * The admin app: the browser data router (history mode, so forms can block navigation on unsaved changes)
 * around <App>. Mounted by boot.ts for every path but the guest pages.
 */
import { StrictMode, startTransition } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { MountApp } from './boot.js';
import { App } from './App.js';
import { adminStore } from './layout/AdminShell.js';
import { getLocale, onLocaleChange } from './providers/locale.js';

export const mountAdmin: MountApp = (root) => {
  // react-admin keeps its own copy of the language (its store), which must follow every choice: the guest pages may
  // have changed it meanwhile, and the sign-in page stays on screen, its EN/ES buttons live, while this app
  // renders. The store takes the language last chosen once its catalogue has loaded (providers/localeStore.ts):
  // the switch and the texts change together, and react-admin has no reason to re-mount the app.
  adminStore.setItem('locale', getLocale());
  const stopFollowing = onLocaleChange((locale) => adminStore.setItem('locale', locale));
  const router = createBrowserRouter([{ path: '*', element: <App /> }]);
  // A transition: React renders the (large) first tree in slices, yielding to the browser in between, instead
  // of one long task that holds a phone's main thread (Lighthouse's total blocking time, issue 11).
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
  return () => {
    stopFollowing();
    router.dispose();
  };
};
