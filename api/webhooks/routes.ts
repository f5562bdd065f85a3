/**
 * Merchant webhook endpoint and its delivery log (docs/notifications.md, "Webhooks"):
 *   GET/PUT/DELETE /api/merchants/:id/webhook      { url, secret, active }  (the secret is never returned)
 *   GET /api/merchants/:id/webhook-deliveries      the webhook outbox rows, newest first, paged
 * Superadmin for any merchant; a merchant admin for their own (another merchant answers 404).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../core/errors.js';
import { can } from '../../core/policies/route.permissions.js';
import { requirePermission, signedInActor } from '../plugins/auth.js';
import { IdParams, NoBody, NoQuery, PageQuery, WebhookBody, WebhookDeliveriesResponse, WebhookEndpointResponse } from '../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fieldError } from '../resources/validate.js';
import { sealSecret } from './secret-box.js';
import { allowedPrivateHosts, assertPublicTarget } from './target-guard.js';
import { cappedTotal, pageOf } from '../notifications/paging.js';
import '../campaigns/tables.js';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

async function merchantOf(request: FastifyRequest): Promise<number> {
  const actor = signedInActor(request);
  const id = Number((request.params as { id: string }).id);
  if (!can(actor, 'webhooks.any-merchant') && actor.merchant_id !== id) throw new DomainError('not_found');
  const merchant = await request.server.db.selectFrom('merchants').select('id').where('id', '=', id).executeTakeFirst();
  if (!merchant) throw new DomainError('not_found');
  return id;
}

/**
 * https only (plain http to loopback is accepted outside production), and never a private, loopback or
 * link-local target unless allow-listed (api/webhooks/target-guard): 422 `validation.public_url`.
 */
async function checkUrl(value: unknown, production: boolean, allow: string[]): Promise<string> {
  if (typeof value !== 'string' || !value.trim()) fieldError('url', 'validation.required');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return fieldError('url', 'validation.https_url');
  }
  const devLoopback = !production && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if ((url.protocol !== 'https:' && !devLoopback) || url.username || url.password || url.href.length > 500) fieldError('url', 'validation.https_url');
  try {
    await assertPublicTarget(url, allow);
  } catch {
    fieldError('url', 'validation.public_url');
  }
  return url.href;
}

export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const guard = requirePermission('webhooks.manage');
  const tags = ['webhooks'];
  const opts = { schema: { tags, params: IdParams, querystring: NoQuery, response: { 200: WebhookEndpointResponse } }, preHandler: guard };

  const show = async (request: FastifyRequest) => {
    const id = await merchantOf(request);
    const row = await app.db.selectFrom('webhook_endpoints').select(['url', 'active', 'created_at', 'updated_at']).where('merchant_id', '=', id).executeTakeFirst();
    return { data: row ? { merchant_id: id, ...row, has_secret: true } : null };
  };
  app.get('/merchants/:id/webhook', opts, show);

  app.put('/merchants/:id/webhook', { schema: { tags, params: IdParams, body: WebhookBody, response: { 200: WebhookEndpointResponse } }, preHandler: guard }, async (request) => {
    const id = await merchantOf(request);
    const body = request.body;
    const url = await checkUrl(body.url, app.config.production, app.config.webhookAllowPrivateHosts ?? allowedPrivateHosts());
    const existing = await app.db.selectFrom('webhook_endpoints').select('id').where('merchant_id', '=', id).executeTakeFirst();
    const secret = typeof body.secret === 'string' ? body.secret : undefined;
    if (secret === undefined ? !existing : secret.length < 16) fieldError('secret', 'validation.min', 'validation.failed', { length: 16 });
    if (secret && secret.length > 200) fieldError('secret', 'validation.max', 'validation.failed', { length: 200 });
    const active = body.active === undefined ? 1 : body.active === true || body.active === 1 || body.active === '1' ? 1 : 0;
    const now = app.clock.now().toISOString();
    const sealed = secret ? { secret_encrypted: sealSecret(app.config.secret!, secret) } : {};
    if (existing) await app.db.updateTable('webhook_endpoints').set({ url, active, updated_at: now, ...sealed }).where('id', '=', existing.id).execute();
    // A first save sent twice at once (a double click): both found no endpoint; the later one updates the row the
    // other inserted (one endpoint per merchant, a unique index) instead of failing on it with a 500.
    else
      await app.db
        .insertInto('webhook_endpoints')
        .values({ merchant_id: id, url, active, secret_encrypted: sealed.secret_encrypted!, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ url, active, updated_at: now, secret_encrypted: sealed.secret_encrypted! }))
        .execute();
    return show(request);
  });

  app.delete('/merchants/:id/webhook', { schema: { tags, params: IdParams, body: NoBody }, preHandler: guard }, async (request, reply) => {
    const id = await merchantOf(request);
    await app.db.deleteFrom('webhook_endpoints').where('merchant_id', '=', id).execute();
    return reply.code(204).send();
  });

  app.get('/merchants/:id/webhook-deliveries', { schema: { tags, params: IdParams, querystring: PageQuery, response: { 200: WebhookDeliveriesResponse } }, preHandler: guard }, async (request) => {
    const id = await merchantOf(request);
    const { page, perPage, offset } = pageOf(request.query);
    const base = app.db.selectFrom('outbox').where('kind', '=', 'webhook').where('merchant_id', '=', id);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'event', 'subject_type', 'subject_id', 'recipient', 'status', 'attempts', 'last_error', 'next_attempt_at', 'provider_message_id', 'created_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset(offset)
        .execute(),
      cappedTotal(app.db, base),
    ]);
    return { data: rows.map(({ recipient, ...r }) => ({ ...r, url: recipient })), meta: { ...total, page, perPage } };
  });
}
