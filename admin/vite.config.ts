import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenPreload } from './build/first-screen.js';
import { precompress } from './build/precompress.js';
import { pwaOptions } from './build/pwa.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The admin app: `npx vite build --config admin/vite.config.ts` writes admin/dist, which the API
 * serves. `npx vite --config admin/vite.config.ts` runs a dev server that proxies /api to the API.
 */
export default defineConfig({
  root,
  base: '/',
  // Order matters: the preload script is written before the compression pass; the service worker (a post
  // plugin) is generated last, so its precache list names the preload script too.
  plugins: [react(), firstScreenPreload(), precompress(), VitePWA(pwaOptions)],
  resolve: {
    // node-polyglot (react-admin's translator) pulls an es-shims polyfill tree (~20 kB) for Object.entries,
    // which every supported browser has: the first load carries a one-line stand-in instead.
    alias: [
      { find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
      // react-admin's menu items bring keyboard-shortcut support (~4 kB gzip) that no menu entry uses.
      { find: /^react-hotkeys-hook$/, replacement: fileURLToPath(new URL('./src/shims/react-hotkeys-hook.ts', import.meta.url)) },
    ],
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
