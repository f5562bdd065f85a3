/** GET /api/dashboard/statistics: shipment counts per status (every status), merchant-scoped for merchant roles. */
import type { FastifyInstance } from 'fastify';
import { isMerchantRole } from '../../../core/roles.js';
import { requirePermission } from '../../plugins/auth.js';
import { statusCodes } from '../../../core/statuses.js';
import { contextOf } from '../access.js';

export function registerDashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard/statistics', { schema: { tags: ['dashboard'] }, preHandler: requirePermission('dashboard.show') }, async (request) => {
    const { db, actor } = contextOf(request);
    let q = db.selectFrom('shipments').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status');
    if (isMerchantRole(actor.role)) q = q.where('merchant_id', '=', actor.merchant_id ?? -1);
    const counts = await q.execute();
    const shipments: Record<string, number> = Object.fromEntries(statusCodes('shipments').map((s) => [String(s), 0]));
    for (const row of counts) shipments[String(row.status)] = Number(row.n);
    return { data: { shipments } };
  });
}
