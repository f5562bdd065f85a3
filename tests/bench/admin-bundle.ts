/**
 * The admin's first-load JavaScript (DESIGN.md section 7: at most 600 kB raw): the entry chunk of
 * index.html and every chunk it imports statically (what index.html loads and modulepreloads), not the
 * chunks fetched later with import(). Measured on a fresh production build in a temporary directory,
 * with Vite's manifest for the chunk graph. `npx tsx tests/bench/admin-bundle.ts` (and `npm run bench`)
 * prints `BENCH {"name":"admin-initial-js","kb":...}`; admin/src/bundle.test.tsx fails above the bar.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
export const INITIAL_JS_LIMIT_KB = 600;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface InitialJs {
  kb: number;
  files: { file: string; kb: number }[];
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
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entries[0]);
  const names = new Set([...[...seen].map((key) => manifest[key].file), ...htmlScripts(outDir)]);
  const files = [...names]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: statSync(join(outDir, file)).size }));
  return {
    kb: kb(files.reduce((sum, f) => sum + f.bytes, 0)),
    files: files.sort((a, b) => b.bytes - a.bytes).map((f) => ({ file: f.file, kb: kb(f.bytes) })),
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
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
