/**
 * The phone's first paint (docs/admin.md "First paint"): admin/build/first-screen.ts draws the app bar and the
 * home screen's heading from plain DOM, fixed over the page, before the app has run; the app removes it once
 * it has rendered the screen itself (layout/Layout.tsx), or shows something else (the guest pages: boot.ts;
 * an error page).
 */
export const APP_SHELL_ID = 'app-shell';

/** localStorage: the home path of the user last signed in on this browser (providers/session.ts). */
export const HOME_STORAGE_KEY = 'lockerline.home';

export function removeAppShell(): void {
  document.getElementById(APP_SHELL_ID)?.remove();
}
