import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Text files worth compressing; smaller ones gain nothing over their headers. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes name.br (Brotli, quality 11) and name.gz (gzip -9) beside every text file of the build, for the API
 * to send as they are (@fastify/static `preCompressed`, api/plugins/static-admin.ts): no compression per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lockerline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        const path = join(outDir, file);
        const content = readFileSync(path);
        if (content.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The admin app: `npx vite build --config admin/vite.config.ts` writes admin/dist, which the API
 * serves. `npx vite --config admin/vite.config.ts` runs a dev server that proxies /api to the API.
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    // node-polyglot (react-admin's translator) pulls an es-shims polyfill tree (~20 kB) for Object.entries,
    // which every supported browser has: the first load carries a one-line stand-in instead.
    alias: [{ find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Screens are lazy-loaded (App.tsx); the initial bundle must stay <= 600 kB raw.
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: Number(process.env.ADMIN_PORT ?? 5173),
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false } },
  },
});
