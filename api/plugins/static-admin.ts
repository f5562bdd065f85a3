/**
 * Serves the built admin SPA (admin/dist) and answers every other non-API GET with index.html, so
 * history-mode deep links survive a reload. Unknown /api routes answer the JSON 404.
 *
 * The build writes a Brotli (.br) and a gzip (.gz) copy beside each text asset (admin/vite.config.ts); they
 * are sent to browsers that accept them (`preCompressed`). Hashed assets (/assets/name-hash.ext) never change
 * under their name: cached for a year, immutable. index.html names the current assets: `no-cache` (the
 * browser revalidates it on every visit). docs/admin.md "Asset serving".
 */
import { existsSync } from 'node:fs';
import { resolve, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function staticAdminPlugin(app: FastifyInstance, adminDir: string | undefined): Promise<void> {
  const root = adminDir ? resolve(adminDir) : undefined;
  const serving = Boolean(root && existsSync(join(root, 'index.html')));
  const sendIndex = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').sendFile('index.html', root!);
  if (serving) {
    const assets = join(root!, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: true,
      index: false,
      preCompressed: true,
      // Off, or @fastify/static's own `max-age=0` would replace the header set below.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
        res.setHeader('vary', 'accept-encoding');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (serving && !isApi && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(reply);
    return sendError(reply, request, 'not_found');
  });
}
