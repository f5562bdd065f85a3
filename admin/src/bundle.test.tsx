// @vitest-environment node
/**
 * DESIGN.md section 7: the admin's first load carries at most 600 kB of JavaScript (raw); screens, the
 * signed-in layout, react-admin's stock pages and the Spanish catalogue load on demand (docs/admin.md).
 * Issue 11: whole first screens (entry + their lazy chunks), gzip as served. Builds the admin into a
 * temporary directory and sums what each screen loads (tests/bench/admin-bundle.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_JS_LIMIT_KB, measureAdminBuild, type FirstScreen, type InitialJs } from '../../tests/bench/admin-bundle.js';

/**
 * kB gzip per first screen: the issue 11 bars, 150 for the sign-in page (the guest app, admin/src/guest) and 300
 * for a signed-in first screen (docs/admin.md "First load" has the figures).
 */
const FIRST_SCREEN_LIMIT_KB: Record<FirstScreen, number> = { signin: 150, dashboard: 300, driver: 300 };

describe('admin first load', () => {
  let build: InitialJs;
  beforeAll(() => {
    build = measureAdminBuild();
  }, 120_000);

  it(`stays within ${INITIAL_JS_LIMIT_KB} kB of JavaScript, with the lazy parts out of it`, () => {
    const { kb, files } = build;
    const initial = files.map((f) => f.file).join(' ');
    expect(kb, `initial JS: ${JSON.stringify(files)}`).toBeLessThanOrEqual(INITIAL_JS_LIMIT_KB);
    expect(kb).toBeGreaterThan(100);
    // Each of these is a chunk of its own; if one shows up in the first load, a static import pulled it in.
    // The entry starts one of two apps (admin/src/boot.ts): neither is in it.
    for (const lazyChunk of ['spanish', 'Layout', 'stockPages', 'resources', 'Dashboard', 'GuestApp', 'AdminApp', 'RespondPage']) {
      expect(initial).not.toMatch(new RegExp(`assets/${lazyChunk}-`));
    }
  });

  it('keeps each first screen (sign-in, dashboard, driver) within its gzip budget', () => {
    const sizes = build.firstScreenGzipKb;
    for (const [screen, limit] of Object.entries(FIRST_SCREEN_LIMIT_KB) as [FirstScreen, number][]) {
      expect(sizes[screen], `${screen}: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(limit);
      // More than the entry alone: the screen's own chunks were found and counted.
      expect(sizes[screen]).toBeGreaterThan(build.kb / 4);
    }
    // The sign-in page loads neither react-admin nor MUI: well under half a signed-in screen.
    expect(sizes.signin).toBeLessThan(sizes.dashboard / 2);
  });
});
