/**
 * Superadmin message log: GET /api/messages?source=outbox|log&page&perPage[&status][&kind][&merchant_id]
 *   source=outbox (default): every queued/sent/failed notification and webhook (never the payload);
 *   source=log: what the development transport "sent" (message_log), with subject and body.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MessagesQuery, MessagesResponse } from '../../core/contract/index.js';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../plugins/auth.js';
import { cappedTotal, pageOf } from './paging.js';
import { OUTBOX_KINDS, OUTBOX_STATUSES } from './outbox.js';
import { fieldError } from '../resources/validate.js';

const SOURCES = ['outbox', 'log'] as const;

/**
 * The log's filters as sent, each checked: a value that is not one of its choices is a 422 on that parameter (a
 * merchant id that is not a positive integer is refused before, by the input guard). It used to be ignored, so
 * `status=faild` answered every message as if filtered. An empty value is no filter.
 */
function messageFilters(q: Record<string, unknown>) {
  const choice = <T extends string>(field: string, allowed: readonly T[]): T | undefined => {
    const v = q[field];
    if (v === undefined || v === '') return undefined;
    if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) fieldError(field, 'validation.in');
    return v as T;
  };
  return { source: choice('source', SOURCES) ?? 'outbox', status: choice('status', OUTBOX_STATUSES), kind: choice('kind', OUTBOX_KINDS), merchant_id: q.merchant_id === undefined || q.merchant_id === '' ? undefined : Number(q.merchant_id) };
}

export async function messageLogRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/messages', { schema: { tags: ['messages'], querystring: MessagesQuery, response: { 200: MessagesResponse } }, preHandler: requirePermission('messages.list') }, async (request) => {
    const q = messageFilters(request.query as Record<string, unknown>);
    const { page, perPage, offset } = pageOf(request.query);
    if (q.source === 'log') {
      const base = app.db.selectFrom('message_log');
      const [rows, total] = await Promise.all([base.selectAll().orderBy('id', 'desc').limit(perPage).offset(offset).execute(), cappedTotal(app.db, base)]);
      return { data: rows, meta: { ...total, page, perPage, source: 'log' } };
    }
    let base = app.db.selectFrom('outbox');
    if (q.status) base = base.where('status', '=', q.status);
    if (q.kind) base = base.where('kind', '=', q.kind);
    if (q.merchant_id !== undefined) base = base.where('merchant_id', '=', q.merchant_id);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'kind', 'event', 'merchant_id', 'subject_type', 'subject_id', 'recipient', 'locale', 'status', 'attempts', 'last_error', 'next_attempt_at', 'provider_message_id', 'created_at', 'sent_at'])
        .orderBy('id', 'desc')
        .limit(perPage)
        .offset(offset)
        .execute(),
      cappedTotal(app.db, base),
    ]);
    return { data: rows, meta: { ...total, page, perPage, source: 'outbox' } };
  });
}
