/**
 * Issue 5's HTTP surface as one plugin (registered from api/server.ts under /api): campaign verbs,
 * the customer's public endpoints, merchant webhooks and the superadmin message log.
 */
import type { FastifyInstance } from 'fastify';
import { messageLogRoutes } from '../notifications/messages.routes.js';
import { publicRoutes } from '../public/routes.js';
import { webhookRoutes } from '../webhooks/routes.js';
import { campaignRoutes } from './routes.js';

export async function campaignPlugin(app: FastifyInstance): Promise<void> {
  await campaignRoutes(app);
  await publicRoutes(app);
  await webhookRoutes(app);
  await messageLogRoutes(app);
}

export { runCampaignPass, startCampaignScheduler } from './scheduler.js';
