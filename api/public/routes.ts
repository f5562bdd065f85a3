/**
 * Customer endpoints, no account (DESIGN.md section 3). No CSRF (no cookie session is involved),
 * rate limited per address, never cached:
 *   GET  /api/public/respond/:token?lat&lng | ?search     who, merchant, choices (nearest first from a position
 *                                                        or a known postcode; else those whose name, town or postcode match)
 *   POST /api/public/respond/:token { location_id }       the customer's choice
 *   GET  /api/public/track/:reference                      tracking data (no personal data)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ChoiceQuery, NoQuery, ReferenceParams, RespondAnswerResponse, RespondBody, RespondPageResponse, TokenParams, TrackResponse } from '../../core/contract/index.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerRespondPage, showRespondPage } from './respond.service.js';
import { choiceQueryOf } from './choices.js';
import { publicRateLimit } from './rate-limit.js';
import { trackShipment } from './track.service.js';


const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

export async function publicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { csrf: false, guard: { access: 'public' as const } };
  const tags = ['public'];

  app.get('/public/respond/:token', { config, schema: { tags, params: TokenParams, querystring: ChoiceQuery, response: { 200: RespondPageResponse } }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    const { token } = request.params;
    const where = await choiceQueryOf(app.db, request.query);
    return { data: await showRespondPage(app.db, app.config.secret!, token, app.clock.now(), where) };
  });

  app.post('/public/respond/:token', { config, schema: { tags, params: TokenParams, body: RespondBody, response: { 200: RespondAnswerResponse } }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    const { token } = request.params;
    return { data: await answerRespondPage(app.db, app.config.secret!, token, app.clock.now(), request.body.location_id) };
  });

  app.get('/public/track/:reference', { config, schema: { tags, params: ReferenceParams, querystring: NoQuery, response: { 200: TrackResponse } }, preHandler: publicRateLimit }, async (request, reply) => {
    noStore(reply);
    return { data: await trackShipment(app.db, request.params.reference) };
  });
}
