// @vitest-environment node
/**
 * DESIGN.md section 7: the admin's first load carries at most 600 kB of JavaScript (raw); screens, the
 * signed-in layout, react-admin's stock pages and the Spanish catalogue load on demand (docs/admin.md).
 * Builds the admin into a temporary directory and sums what index.html loads.
 */
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_LIMIT_KB, measureAdminBuild } from '../../tests/bench/admin-bundle.js';

describe('admin first load', () => {
  it(`stays within ${INITIAL_JS_LIMIT_KB} kB of JavaScript, with the lazy parts out of it`, () => {
    const { kb, files } = measureAdminBuild();
    const initial = files.map((f) => f.file).join(' ');
    expect(kb, `initial JS: ${JSON.stringify(files)}`).toBeLessThanOrEqual(INITIAL_JS_LIMIT_KB);
    expect(kb).toBeGreaterThan(100);
    // Each of these is a chunk of its own; if one shows up in the first load, a static import pulled it in.
    for (const lazyChunk of ['spanish', 'Layout', 'stockPages', 'resources', 'Dashboard', 'SignInPage', 'RespondPage']) {
      expect(initial).not.toMatch(new RegExp(`assets/${lazyChunk}-`));
    }
  }, 120_000);
});
