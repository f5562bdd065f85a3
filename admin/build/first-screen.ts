/**
 * Vite plugin: no chunk waterfall on a first load. The entry (admin/src/main.tsx) starts one of two apps, each a
 * chunk (admin/src/boot.ts), and the screens are lazy chunks (admin/src/App.tsx), found one wave at a time
 * (entry, then the app, then the layout, then /api/user, then the resources and the page). This writes a tiny
 * classic script, /assets/first-screen-<hash>.js, loaded async by index.html (a file, not inline: the CSP
 * allows scripts from 'self' only), which adds <link rel="modulepreload"> for every chunk the path's first
 * screen needs, so they download together with the entry chunk. docs/admin.md "Asset serving".
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { GUEST_PATHS } from '../src/layout/guard.js';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The guest app (sign-in, reset and create password); the admin app (react-admin, the data router). */
const GUEST_APP = 'guest/GuestApp.tsx';
const ADMIN_APP = 'AdminApp.tsx';
/** The Spanish catalogue, fetched before the first render when it is the stored language. */
const SPANISH = 'providers/spanish.ts';
/** What every signed-in first screen renders besides its page. */
const SIGNED_IN = ['layout/Layout.tsx', 'resources/index.ts'];
const HOME_SCREENS: Record<string, string> = {
  '/': 'pages/Dashboard.tsx',
  '/driver': 'screens/driver/DriverScreen.tsx',
  '/pudo': 'screens/pudo/PudoScreen.tsx',
  '/warehouse': 'screens/warehouse/WarehouseScreen.tsx',
  '/lockers': 'screens/lockers/LockersScreen.tsx',
};
/** The customer's pages (no layout, no resources), by path prefix. */
const PUBLIC_SCREENS: [string, string][] = [
  ['/respond/', 'public/RespondPage.tsx'],
  ['/track', 'public/TrackPage.tsx'],
];

const chunks = (bundle: OutputBundle) => Object.values(bundle).filter((out): out is OutputChunk => out.type === 'chunk');

/** The chunk file of `module` and the files it imports statically, less those index.html loads already. */
function chunkFiles(bundle: OutputBundle, module: string, loaded: Set<string>): string[] {
  const all = chunks(bundle);
  const facade = all.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/admin/src/${module}`));
  if (!facade) throw new Error(`first-screen preload: no chunk for admin/src/${module} (renamed? update admin/build/first-screen.ts)`);
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file) || loaded.has(file)) return;
    files.add(file);
    for (const next of (bundle[file] as OutputChunk).imports) visit(next);
  };
  visit(facade.fileName);
  return [...files];
}

/** What index.html loads anyway: the entry chunk and its static imports. */
function entryFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const next of (bundle[file] as OutputChunk).imports) visit(next);
  };
  for (const chunk of chunks(bundle)) if (chunk.isEntry) visit(chunk.fileName);
  return files;
}

/**
 * The classic script: picks the path's chunk list and adds a modulepreload link for each. On a guest page it
 * also fetches the admin app's chunks into the cache (rel=prefetch: download only, at low priority) once the
 * page has loaded and the browser is idle, so that signing in does not wait for them.
 */
function preloadScript(bundle: OutputBundle): string {
  const loaded = entryFiles(bundle);
  const files = (modules: string[]) => [...new Set(modules.flatMap((module) => chunkFiles(bundle, module, loaded)))];
  const map = {
    guestPaths: GUEST_PATHS,
    guest: files([GUEST_APP]),
    signedIn: files([ADMIN_APP, ...SIGNED_IN]),
    home: Object.fromEntries(Object.entries(HOME_SCREENS).map(([path, module]) => [path, files([module])])),
    publicScreens: PUBLIC_SCREENS.map(([prefix, module]) => [prefix, files([ADMIN_APP, module])]),
    spanish: files([SPANISH]),
  };
  return `(function (m) {
  var p = location.pathname.replace(/\\/+$/, '') || '/';
  var seen = {};
  function add(rel, list) {
    list.forEach(function (file) {
      if (seen[file]) return;
      seen[file] = true;
      var link = document.createElement('link');
      link.rel = rel;
      if (rel === 'modulepreload') link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  }
  // The language as providers/locale.ts picks it (stored, else the browser's): the entry waits for the Spanish
  // catalogue before it renders.
  var lang = '';
  try { lang = localStorage.getItem('locale') || ''; } catch (e) { /* no storage */ }
  if (lang !== 'en' && lang !== 'es') lang = (navigator.language || '').slice(0, 2).toLowerCase();
  if (lang === 'es') add('modulepreload', m.spanish);
  if (m.guestPaths.indexOf(p) >= 0) {
    add('modulepreload', m.guest);
    var later = function () { add('prefetch', m.signedIn.concat(m.home['/'])); };
    var idle = function () { (window.requestIdleCallback || setTimeout)(later, { timeout: 3000 }); };
    if (document.readyState === 'complete') idle(); else addEventListener('load', idle);
    return;
  }
  var pub = m.publicScreens.filter(function (entry) { return location.pathname.indexOf(entry[0]) === 0; })[0];
  add('modulepreload', pub ? pub[1] : m.signedIn.concat(m.home[p] || []));
})(${JSON.stringify(map)});
`;
}

export function firstScreenPreload(): Plugin {
  let outDir = '';
  let script: { file: string; code: string } | undefined;
  return {
    name: 'lockerline-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return;
        const code = preloadScript(ctx.bundle as OutputBundle);
        const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
        script = { file: `assets/first-screen-${hash}.js`, code };
        // async: fetched beside the entry chunk without holding up the parser; runs as soon as it arrives.
        return [{ tag: 'script', attrs: { src: `/${script.file}`, async: true }, injectTo: 'head' }];
      },
    },
    // Written after the bundle (and before the compression plugin, which comes after this one).
    closeBundle() {
      if (script) writeFileSync(join(outDir, script.file), script.code);
    },
  };
}
