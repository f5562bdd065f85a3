/** Merchants resource (superadmin) plus GET/PUT /api/merchants/preferences for merchant roles. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MerchantPreferencesBody, MerchantPreferencesResponse, NoQuery } from '../../../core/contract/index.js';
import type { FastifyInstance } from 'fastify';
import type { ResourceModule } from '../module.js';
import { merchantsList } from './merchants.repository.js';
import { createMerchant, deleteMerchant, merchantIncludes, merchantVerdicts, presentMerchant, updateMerchant } from './merchants.service.js';
import { getPreferences, updatePreferences } from './preferences.service.js';
import { contextOf } from '../access.js';
import { requirePermission } from '../../plugins/auth.js';

export const merchantsModule: ResourceModule = {
  name: 'merchants',
  list: merchantsList,
  verdicts: async (rows, actor) => merchantVerdicts(rows, actor),
  present: presentMerchant,
  include: merchantIncludes,
  create: createMerchant,
  update: updateMerchant,
  remove: deleteMerchant,
};

/** Registered before the CRUD routes so /merchants/preferences is not read as /merchants/:id. */
export function registerPreferenceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/merchants/preferences', { config: { guard: { access: 'session' } }, schema: { tags: ['merchants'], querystring: NoQuery, response: { 200: MerchantPreferencesResponse } } }, async (request) => ({ data: await getPreferences(contextOf(request)) }));
  app.put('/merchants/preferences', { schema: { tags: ['merchants'], body: MerchantPreferencesBody }, preHandler: requirePermission('merchants.preferences') }, async (request) => ({
    data: await updatePreferences(contextOf(request), request.body),
  }));
}
