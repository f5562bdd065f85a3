/**
 * Superadmin message log: GET /api/messages?source=outbox|log&page&perPage[&status][&kind][&merchant_id]
 *   source=outbox (default): every queued/sent/failed notification and webhook (never the payload);
 *   source=log: what the development transport "sent" (message_log), with subject and body.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessagesQuery, MessagesResponse } from '../../core/contract/index.js';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../plugins/auth.js';
import { pageOf } from './paging.js';
import { OUTBOX_KINDS, OUTBOX_STATUSES } from './outbox.js';

export async function messageLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/messages', { schema: { tags: ['messages'], querystring: MessagesQuery, response: { 200: MessagesResponse } }, preHandler: requirePermission('messages.list') }, async (request) => {
    const q = request.query;
    const { page, perPage, offset } = pageOf(q);
    if (q.source === 'log') {
      const base = app.db.selectFrom('message_log');
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(perPage).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows, meta: { total: Number(count.n), page, perPage, source: 'log' } };
    }
    let base = app.db.selectFrom('outbox');
    if (typeof q.status === 'string' && (OUTBOX_STATUSES as readonly string[]).includes(q.status)) base = base.where('status', '=', q.status);
    if (typeof q.kind === 'string' && (OUTBOX_KINDS as readonly string[]).includes(q.kind)) base = base.where('kind', '=', q.kind);
    if (q.merchant_id !== undefined && Number.isInteger(Number(q.merchant_id))) base = base.where('merchant_id', '=', Number(q.merchant_id));
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'kind', 'event', 'merchant_id', 'subject_type', 'subject_id', 'recipient', 'locale', 'status', 'attempts', 'last_error', 'next_attempt_at', 'provider_message_id', 'created_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows, meta: { total: Number(count.n), page, perPage, source: 'outbox' } };
  });
}
