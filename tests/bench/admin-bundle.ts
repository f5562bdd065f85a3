/**
 * The admin's first-load JavaScript (DESIGN.md section 7: at most 600 kB raw): the entry chunk of
 * index.html and every chunk it imports statically (what index.html loads and modulepreloads), not the
 * chunks fetched later with import(). Measured on a fresh production build in a temporary directory,
 * with Vite's manifest for the chunk graph. Also the JavaScript of whole first screens, gzip -9 as served
 * (the entry plus the lazy chunks the screen renders, which admin/build/first-screen.ts modulepreloads):
 * /signin, and signed in the dashboard and the driver's screen (issue 11: at most 150 kB and 300 kB gzip).
 * `npx tsx tests/bench/admin-bundle.ts` (and `npm run bench`) prints `BENCH {"name":"admin-initial-js","kb":...}`
 * and `BENCH {"name":"admin-first-screen-js","signin_gzip_kb":...}`; admin/src/bundle.test.tsx fails above the bars.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
export const INITIAL_JS_LIMIT_KB = 600;

/** The lazy modules (under admin/src) each measured first screen renders, beside the entry chunk. */
export const FIRST_SCREENS = {
  signin: ['src/guest/GuestApp.tsx'],
  dashboard: ['src/AdminApp.tsx', 'src/layout/Layout.tsx', 'src/resources/index.ts', 'src/pages/Dashboard.tsx'],
  driver: ['src/AdminApp.tsx', 'src/layout/Layout.tsx', 'src/resources/index.ts', 'src/screens/driver/DriverScreen.tsx'],
} as const;
export type FirstScreen = keyof typeof FIRST_SCREENS;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface InitialJs {
  kb: number;
  files: { file: string; kb: number }[];
  /** Per first screen: its JavaScript (entry + its lazy chunks), gzip -9, in kB. */
  firstScreenGzipKb: Record<FirstScreen, number>;
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/** The scripts index.html loads or modulepreloads (`/assets/x.js` -> `assets/x.js`). */
function htmlScripts(outDir: string): string[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/**
 * Sums the entry chunk and its static imports, recursively (build made with `build.manifest`), plus
 * anything else index.html loads.
 */
export function initialJs(outDir: string): InitialJs {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  /** The chunk files of `keys` and of everything they import statically. */
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (!manifest[key]) throw new Error(`no chunk for ${key} in the build manifest`);
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return [...seen].map((key) => manifest[key].file);
  };
  const names = new Set([...closure(entries), ...htmlScripts(outDir)]);
  const gzipKb = (files: Iterable<string>) =>
    kb([...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length, 0));
  const firstScreenGzipKb = Object.fromEntries(
    Object.entries(FIRST_SCREENS).map(([screen, modules]) => [screen, gzipKb(new Set([...names, ...closure(modules)]))]),
  ) as Record<FirstScreen, number>;
  const files = [...names]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: statSync(join(outDir, file)).size }));
  return {
    kb: kb(files.reduce((sum, f) => sum + f.bytes, 0)),
    files: files.sort((a, b) => b.bytes - a.bytes).map((f) => ({ file: f.file, kb: kb(f.bytes) })),
    firstScreenGzipKb,
  };
}

/**
 * Builds the admin like `npm run build` (admin/vite.config.ts) into a temporary directory and measures it.
 * A child process with NODE_ENV=production: under vitest (NODE_ENV=test) Vite would bundle React's
 * development builds.
 */
export function measureAdminBuild(): InitialJs {
  const outDir = mkdtempSync(join(tmpdir(), 'admin-bundle-'));
  try {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    const args = [vite, 'build', '--config', 'admin/vite.config.ts', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'];
    const run = spawnSync(process.execPath, args, { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`admin build failed (${run.status}):\n${run.stderr || run.stdout}`);
    return initialJs(outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = (process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (only.length && !only.includes('admin-initial-js')) return;
  const result = measureAdminBuild();
  console.log(`BENCH ${JSON.stringify({ name: 'admin-initial-js', kb: result.kb, limit_kb: INITIAL_JS_LIMIT_KB, files: result.files.length })}`);
  const screens = result.firstScreenGzipKb;
  console.log(`BENCH ${JSON.stringify({ name: 'admin-first-screen-js', signin_gzip_kb: screens.signin, dashboard_gzip_kb: screens.dashboard, driver_gzip_kb: screens.driver })}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
