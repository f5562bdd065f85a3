/** GET /api/dashboard/statistics: shipment counts per status (every status), merchant-scoped for merchant roles. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DashboardStatistics, NoQuery } from '../../../core/contract/index.js';
import type { FastifyInstance } from 'fastify';
import { isMerchantRole } from '../../../core/roles.js';
import { requirePermission } from '../../plugins/auth.js';
import { statusCodes } from '../../../core/statuses.js';
import { contextOf } from '../access.js';

export function registerDashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/dashboard/statistics', { schema: { tags: ['dashboard'], querystring: NoQuery, response: { 200: DashboardStatistics } }, preHandler: requirePermission('dashboard.show') }, async (request) => {
    const { db, actor } = contextOf(request);
    let q = db.selectFrom('shipments').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status');
    if (isMerchantRole(actor.role)) q = q.where('merchant_id', '=', actor.merchant_id ?? -1);
    const counts = await q.execute();
    const shipments: Record<string, number> = Object.fromEntries(statusCodes('shipments').map((s) => [String(s), 0]));
    for (const row of counts) shipments[String(row.status)] = Number(row.n);
    return { data: { shipments } };
  });
}
