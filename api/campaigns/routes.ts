/**
 * Campaign verb endpoints (SPEC section 7):
 *   POST /api/batches/:id/start | /pause | /convert-responded { ids? }
 *   POST /api/batch_items/:id/notify | /restart | /convert
 *   GET /api/batches/:id/audience?verb=start|notify&ids[..] (how many customers the verb would message)
 * Thin: load within the actor's tenant (404 otherwise), check role + batches feature, run the verb,
 * answer with the record and its allowed actions. The same verdicts feed meta.actions and user/can.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, type ErrorCode } from '../../core/errors.js';
import { crudRefusal } from '../../core/permissions.js';
import type { Batch, BatchItem } from '../db/tables.js';
import type { RequestActor } from '../http/context.js';
import { requireCrud } from '../plugins/auth.js';
import { contextOf } from '../resources/access.js';
import { RESOURCE_MODULES } from '../resources/index.js';
import { registerRecordAction } from '../resources/record-actions.js';
import { loadVisible } from '../resources/records.js';
import { AudienceQuery, AudienceResponse, ConvertRespondedBody, ConvertResult, DataOf, IdParams, NoBody, ShowResponse } from '../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Row } from '../resources/module.js';
import { recordPayload } from '../resources/shared/record-payload.js';
import {
  conversionRefusal, convertItem, convertResponded, notifyItem, notifyRefusal, pauseBatch, pauseRefusal, restartItem, restartRefusal, startBatch, startRefusal,
} from './batch-actions.service.js';
import { audienceQuery, batchAudience } from './audience.js';
import './tables.js';

/** Role (edit) and feature first, then the record's own rule. */
const guarded = (resource: 'batches' | 'batch_items', rule: (row: Row) => ErrorCode | null) => (row: Row, actor: RequestActor): ErrorCode | null => {
  return crudRefusal(actor, resource, 'edit') ?? rule(row);
};

let registered = false;
function registerCampaignActions(): void {
  if (registered) return;
  registered = true;
  registerRecordAction('batches', 'start', guarded('batches', (r) => startRefusal(r as Batch)));
  registerRecordAction('batches', 'pause', guarded('batches', (r) => pauseRefusal(r as Batch)));
  // Needs a responded customer: the batches module's own verdict (it counts them) stands when this allows.
  registerRecordAction('batches', 'convert-responded', guarded('batches', () => null));
  registerRecordAction('batch_items', 'notify', guarded('batch_items', (r) => notifyRefusal(r as BatchItem)));
  registerRecordAction('batch_items', 'restart', guarded('batch_items', (r) => restartRefusal(r as BatchItem)));
  registerRecordAction('batch_items', 'convert', guarded('batch_items', (r) => conversionRefusal(r as BatchItem)));
}

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

async function visible<T>(request: FastifyRequest, resource: 'batches' | 'batch_items'): Promise<T> {
  const ctx = contextOf(request);
  const [row] = await loadVisible(ctx.db, RESOURCE_MODULES[resource], ctx.actor, [idOf(request)]);
  if (!row) throw new DomainError('not_found');
  return row as T;
}

const batchOf = (request: FastifyRequest, id: number) => request.server.db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export async function campaignRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerCampaignActions();
  const batchOpts = { schema: { tags: ['batches'], params: IdParams, body: NoBody, response: { 200: ShowResponse } }, preHandler: requireCrud('batches', 'edit') };
  const itemOpts = { schema: { tags: ['batch_items'], params: IdParams, body: NoBody }, preHandler: requireCrud('batch_items', 'edit') };

  const respondBatch = async (request: FastifyRequest, id: number) => {
    const ctx = contextOf(request);
    return recordPayload(ctx.db, 'batches', ctx.actor, await batchOf(request, id));
  };
  const respondItem = async (request: FastifyRequest, id: number) => {
    const ctx = contextOf(request);
    const row = await ctx.db.selectFrom('batch_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return recordPayload(ctx.db, 'batch_items', ctx.actor, row);
  };

  app.post('/batches/:id/start', batchOpts, async (request) => {
    const batch = await visible<Batch>(request, 'batches');
    await startBatch(contextOf(request), batch);
    return respondBatch(request, batch.id);
  });
  app.post('/batches/:id/pause', batchOpts, async (request) => {
    const batch = await visible<Batch>(request, 'batches');
    await pauseBatch(contextOf(request), batch);
    return respondBatch(request, batch.id);
  });
  // Who starting the batch, or notifying some of its customers, would message (the confirmation's N).
  app.get('/batches/:id/audience', { preHandler: batchOpts.preHandler, schema: { tags: ['batches'], params: IdParams, querystring: AudienceQuery, response: { 200: AudienceResponse } } }, async (request) => {
    const batch = await visible<Batch>(request, 'batches');
    const { verb, ids } = audienceQuery((request.query ?? {}) as Record<string, unknown>);
    return { data: await batchAudience(contextOf(request), { publicUrl: app.config.publicUrl, secret: app.config.secret }, batch, verb, ids) };
  });
  app.post('/batches/:id/convert-responded', { ...batchOpts, schema: { ...batchOpts.schema, body: ConvertRespondedBody, response: { 200: DataOf(ConvertResult) } } }, async (request) => {
    const batch = await visible<Batch>(request, 'batches');
    const body = request.body;
    let ids: number[] | undefined;
    if (body.ids !== undefined) {
      const list = Array.isArray(body.ids) ? body.ids : body.ids && typeof body.ids === 'object' ? Object.values(body.ids) : [body.ids];
      ids = [...new Set(list.map(Number))];
      if (ids.length > 5000 || ids.some((id) => !Number.isInteger(id) || id < 1)) throw new DomainError('bad_request');
    }
    return { data: await convertResponded(contextOf(request), batch, ids) };
  });

  app.post('/batch_items/:id/notify', itemOpts, async (request) => {
    const item = await visible<BatchItem>(request, 'batch_items');
    await notifyItem(contextOf(request), item, await batchOf(request, item.batch_id), app.config.secret!);
    return respondItem(request, item.id);
  });
  app.post('/batch_items/:id/restart', itemOpts, async (request) => {
    const item = await visible<BatchItem>(request, 'batch_items');
    await restartItem(contextOf(request), item, await batchOf(request, item.batch_id));
    return respondItem(request, item.id);
  });
  app.post('/batch_items/:id/convert', itemOpts, async (request) => {
    const item = await visible<BatchItem>(request, 'batch_items');
    const shipmentId = await convertItem(contextOf(request), item, await batchOf(request, item.batch_id));
    return { ...(await respondItem(request, item.id)), shipment_id: shipmentId };
  });
}
