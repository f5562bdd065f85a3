/**
 * Customer endpoints, no account (DESIGN.md section 3). No CSRF (no cookie session is involved),
 * rate limited per address, never cached:
 *   GET  /api/public/respond/:token?lat&lng | ?search     who, merchant, choices (nearest first from a position
 *                                                        or a known postcode; else those whose name, town or postcode match)
 *   POST /api/public/respond/:token { location_id }       the customer's choice
 *   GET  /api/public/track/:reference                      tracking data (no personal data)
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerRespondPage, showRespondPage } from './respond.service.js';
import { choiceQueryOf } from './choices.js';
import { publicRateLimit } from './rate-limit.js';
import { trackShipment } from './track.service.js';

const tokenParams = { type: 'object', properties: { token: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['token'] } as const;
const referenceParams = { type: 'object', properties: { reference: { type: 'string', minLength: 1, maxLength: 40 } }, required: ['reference'] } as const;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  const config = { csrf: false, guard: { access: 'public' as const } };
  const tags = ['public'];

  app.get('/public/respond/:token', { config, schema: { tags, params: tokenParams }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    const { token } = request.params as { token: string };
    const where = await choiceQueryOf(app.db, (request.query ?? {}) as Record<string, unknown>);
    return { data: await showRespondPage(app.db, app.config.secret!, token, app.clock.now(), where) };
  });

  app.post('/public/respond/:token', { config, schema: { tags, params: tokenParams }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    const { token } = request.params as { token: string };
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { data: await answerRespondPage(app.db, app.config.secret!, token, app.clock.now(), body.location_id) };
  });

  app.get('/public/track/:reference', { config, schema: { tags, params: referenceParams }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    return { data: await trackShipment(app.db, (request.params as { reference: string }).reference) };
  });
}
