/**
 * Serves the built admin SPA (admin/dist) and answers every other non-API GET with index.html, so
 * history-mode deep links survive a reload. Unknown /api routes answer the JSON 404.
 */
import { existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.js';

export async function staticAdminPlugin(app: FastifyInstance, adminDir: string | undefined): Promise<void> {
  const root = adminDir ? resolve(adminDir) : undefined;
  const serving = Boolean(root && existsSync(join(root, 'index.html')));
  if (serving) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: true,
      index: false,
      // Hashed assets can be cached for long; index.html never (it names the current assets).
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root!));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (serving && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html', root!);
    }
    return sendError(reply, request, 'not_found');
  });
}
