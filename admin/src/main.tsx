/**
 * The entry: React, the session check and the language, then one of two apps by the path (boot.ts): the
 * guest pages, or the admin app. Neither is in this chunk; admin/build/first-screen.ts modulepreloads the one
 * the path needs, so it downloads beside this one (docs/admin.md "First load").
 */
import { createRoot } from 'react-dom/client';
import { isGuestPath } from './layout/guard.js';
import { i18nReady } from './providers/i18nProvider.js';
import { loadUser } from './providers/session.js';
import { setAppRoot, showAdmin, showGuest } from './boot.js';
import { APP_SHELL_ID } from './layout/appShell.js';

// Who is signed in is asked now, beside the chunks, not once the app has rendered.
loadUser().catch(() => undefined);

setAppRoot(createRoot(document.getElementById('root')!));
// The Spanish catalogue is a chunk of its own: render once the stored language is loaded.
const start = isGuestPath(globalThis.location.pathname) ? showGuest : showAdmin;
// With a first paint drawn (layout/appShell.ts), it reaches the screen before the app's chunks are asked for
// and evaluated: a frame later.
const painted = document.getElementById(APP_SHELL_ID)
  ? new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)))
  : Promise.resolve();
void painted.then(() => i18nReady).then(start);
