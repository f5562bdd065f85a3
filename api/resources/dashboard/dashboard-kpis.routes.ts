/**
 * GET /api/dashboard/{flow,rates,dwell,heatmap,utilisation,exceptions} (issue 15, docs/dashboard.md): the
 * dashboard's charts. Tenant scope: a merchant role always reads its own merchant (a merchant_id filter naming
 * another merchant is refused, 403); staff with `dashboard.network` read the whole network or one merchant.
 * Ranges are checked by core (422 with the field's problem).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dashboardRange, MAX_RANGE_DAYS } from '../../../core/dashboard.js';
import { DashboardDwell, DashboardExceptions, DashboardFlow, DashboardHeatmap, DashboardQuery, DashboardRates, DashboardUtilisation } from '../../../core/contract/index.js';
import { DomainError } from '../../../core/errors.js';
import { can } from '../../../core/policies/route.permissions.js';
import { requirePermission } from '../../plugins/auth.js';
import { contextOf } from '../access.js';
import { readDwell, readExceptions, readFlow, readHeatmap, readRates, readUtilisation, type KpiScope } from './dashboard-kpis.repository.js';

const PROBLEM_KEYS = { invalid: 'validation.date', order: 'validation.date_order', too_long: 'validation.range_too_long' } as const;

/** The tenant and range of a chart request, or the coded refusal. */
function scopeOf(request: FastifyRequest<{ Querystring: DashboardQuery }>): KpiScope {
  const { actor, app } = contextOf(request);
  const query = request.query;
  let merchantId: number | null;
  if (can(actor, 'dashboard.network')) merchantId = query.merchant_id ?? null;
  else {
    if (actor.merchant_id == null || (query.merchant_id != null && query.merchant_id !== actor.merchant_id)) throw new DomainError('forbidden');
    merchantId = actor.merchant_id;
  }
  const range = dashboardRange({ from: query.from, to: query.to }, app.clock.now());
  if ('problem' in range) {
    const key = PROBLEM_KEYS[range.problem];
    const params = range.problem === 'too_long' ? { max: MAX_RANGE_DAYS } : undefined;
    throw new DomainError('validation.failed', 'validation.failed', { fields: { [range.field]: key }, problems: { [range.field]: { key, params } } });
  }
  return { ...range, merchantId, locationId: query.location_id ?? null };
}

export function registerDashboardKpiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const route = { tags: ['dashboard'], querystring: DashboardQuery };
  const guard = requirePermission('dashboard.kpis');
  app.get('/dashboard/flow', { schema: { ...route, response: { 200: DashboardFlow } }, preHandler: guard }, async (request) => ({ data: await readFlow(request.server.db, scopeOf(request)) }));
  app.get('/dashboard/rates', { schema: { ...route, response: { 200: DashboardRates } }, preHandler: guard }, async (request) => ({ data: await readRates(request.server.db, scopeOf(request)) }));
  app.get('/dashboard/dwell', { schema: { ...route, response: { 200: DashboardDwell } }, preHandler: guard }, async (request) => ({ data: await readDwell(request.server.db, scopeOf(request)) }));
  app.get('/dashboard/heatmap', { schema: { ...route, response: { 200: DashboardHeatmap } }, preHandler: guard }, async (request) => ({ data: await readHeatmap(request.server.db, scopeOf(request)) }));
  app.get('/dashboard/utilisation', { schema: { ...route, response: { 200: DashboardUtilisation } }, preHandler: guard }, async (request) => ({ data: await readUtilisation(request.server.db, scopeOf(request)) }));
  app.get('/dashboard/exceptions', { schema: { ...route, response: { 200: DashboardExceptions } }, preHandler: guard }, async (request) => ({ data: await readExceptions(request.server.db, scopeOf(request)) }));
}
