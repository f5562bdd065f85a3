/**
 * Vite plugin: no chunk waterfall on a first load. The screens are lazy chunks (admin/src/App.tsx), found one
 * wave at a time (entry, then the layout, then /api/user, then the resources and the page). This writes a tiny
 * classic script, /assets/first-screen-<hash>.js, loaded async by index.html (a file, not inline: the CSP
 * allows scripts from 'self' only), which adds <link rel="modulepreload"> for every chunk the path's first
 * screen needs, so they download together with the entry chunk. docs/admin.md "Asset serving".
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { GUEST_PATHS, PUBLIC_PREFIXES } from '../src/layout/guard.js';

/** Modules (under admin/src) each first screen renders; the signed-in ones all need the layout and the resources. */
type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const SIGNED_IN = ['layout/Layout.tsx', 'resources/index.ts'];
const GUEST_SCREENS: Record<string, string> = {
  '/signin': 'pages/guest/SignInPage.tsx',
  '/reset-password': 'pages/guest/PasswordPage.tsx',
  '/create-password': 'pages/guest/PasswordPage.tsx',
};
const HOME_SCREENS: Record<string, string> = {
  '/': 'pages/Dashboard.tsx',
  '/driver': 'screens/driver/DriverScreen.tsx',
  '/pudo': 'screens/pudo/PudoScreen.tsx',
  '/warehouse': 'screens/warehouse/WarehouseScreen.tsx',
  '/lockers': 'screens/lockers/LockersScreen.tsx',
};

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

/** The classic script: picks the path's chunk list and adds a modulepreload link for each. */
function preloadScript(bundle: OutputBundle): string {
  const loaded = entryFiles(bundle);
  const files = (modules: string[]) => [...new Set(modules.flatMap((module) => chunkFiles(bundle, module, loaded)))];
  const map = {
    guest: Object.fromEntries(GUEST_PATHS.map((path) => [path, files([GUEST_SCREENS[path]])])),
    signedIn: files(SIGNED_IN),
    home: Object.fromEntries(Object.entries(HOME_SCREENS).map(([path, module]) => [path, files([module])])),
    publicPrefixes: PUBLIC_PREFIXES,
  };
  return `(function (m) {
  var p = location.pathname.replace(/\\/+$/, '') || '/';
  if (m.publicPrefixes.some(function (prefix) { return location.pathname.indexOf(prefix) === 0; })) return;
  var files = m.guest[p] || m.signedIn.concat(m.home[p] || []);
  files.forEach(function (file) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/' + file;
    document.head.appendChild(link);
  });
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
