/**
 * The two apps the one page can show (docs/admin.md "First load"): the guest pages (sign-in, reset and
 * create password: plain React, a small chunk) and the admin app (react-admin, MUI, the data router). main.tsx
 * starts one by the path; signing in swaps to the admin app and signing out swaps back, in the same root,
 * without a reload. Each app's module is a chunk of its own, fetched through loadChunk (a chunk gone after a
 * redeploy reloads the page once).
 */
import type { Root } from 'react-dom/client';
import { loadChunk } from './components/lazyScreen.js';
import { removeAppShell } from './layout/appShell.js';

/** Renders an app into the root; returns what to undo when the other app takes the root over. */
export type MountApp = (root: Root) => () => void;

let root: Root | undefined;
let unmountCurrent: (() => void) | undefined;
let shown: Promise<void> = Promise.resolve();

export function setAppRoot(next: Root): void {
  root = next;
}

/** One switch at a time, in the order asked. */
function show(load: () => Promise<MountApp>): Promise<void> {
  shown = shown.catch(() => undefined).then(async () => {
    const mount = await loadChunk(load);
    if (!root) throw new Error('boot: setAppRoot() first');
    unmountCurrent?.();
    unmountCurrent = mount(root);
  });
  return shown;
}

/**
 * The admin app in two module evaluations, each a task of its own: first react-admin's shell and what it
 * stands on (layout/AdminShell.tsx: ra-core, TanStack Query, MUI's core, emotion), then the app. Evaluated at
 * once they were one of a phone's longest tasks of a signed-in first load (~130 ms at 4x CPU slowdown), with
 * the page drawn but deaf to taps.
 */
export const loadAdminApp = async () => {
  await import('./layout/AdminShell.js');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return import('./AdminApp.js');
};
export const loadGuestApp = () => import('./guest/GuestApp.js');

export const showAdmin = () => show(() => loadAdminApp().then((m) => m.mountAdmin));
export const showGuest = () =>
  show(() =>
    loadGuestApp().then((m): MountApp => (next) => {
      removeAppShell();
      return m.mountGuest(next);
    }),
  );
