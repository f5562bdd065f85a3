/** Security headers on every response; the CSP fits the built SPA (MUI needs inline styles). */
import type { FastifyInstance } from 'fastify';

export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Swagger UI boots with an inline script; its pages get a looser script policy. */
const DOCS_CSP = SPA_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");

export function securityHeadersPlugin(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('permissions-policy', 'camera=(self), geolocation=(self), microphone=()');
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', request.url.startsWith('/api/docs') ? DOCS_CSP : SPA_CSP);
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
