/** Shipment verb routes: POST /api/shipments/:id/<verb>, POST (or GET) /api/shipments/bulk-print (docs/operations-api.md). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { shipmentRefusal, type ShipmentAction, type ShipmentState } from '../../../core/machines/index.js';
import type { Shipment } from '../../db/tables.js';
import { labelCaptions, renderLabels, requestedLabelFormat, type LabelFormat } from '../../labels/label.js';
import { shipmentLabels } from '../../labels/label-data.js';
import { requireAuth } from '../../plugins/auth.js';
import { contextOf } from '../access.js';
import { RESOURCE_MODULES } from '../index.js';
import { rawQuery } from '../list-query.js';
import { registerRecordAction } from '../record-actions.js';
import { loadOne } from '../records.js';
import { idParams } from '../schemas.js';
import { machineActor, opContext } from '../shared/op-context.js';
import { recordPayload } from '../shared/record-payload.js';
import { streamBulkPrint } from './bulk-print.js';
import { SHIPMENT_VERBS, type ShipmentVerb } from './shipment-actions.service.js';

const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);

const formatOf = (request: FastifyRequest): LabelFormat =>
  requestedLabelFormat((request.query as Record<string, unknown> | undefined)?.format ?? (request.body as Record<string, unknown> | undefined)?.format);

export function idList(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : raw === undefined || raw === '' ? [] : [raw];
  if (list.length === 0 || list.length > 1000) throw new DomainError('bad_request');
  const ids = list.map(Number);
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw new DomainError('bad_request');
  return [...new Set(ids)];
}

let registered = false;
function registerShipmentRules() {
  if (registered) return;
  registered = true;
  for (const verb of Object.keys(SHIPMENT_VERBS) as ShipmentVerb[]) {
    registerRecordAction('shipments', verb, (row, actor) => shipmentRefusal(row as ShipmentState, verb as ShipmentAction, { actor: machineActor(actor) }));
  }
}

export function registerShipmentOperationRoutes(app: FastifyInstance): void {
  registerShipmentRules();
  const tags = ['shipments'];

  // POST { ids: [..], format? } is what the admin sends: 1,000 ids fit in a body, not in a URL (Node's 16 KB
  // header limit). GET ?ids[0]=.. stays for small selections and links.
  const bulkPrint = (request: FastifyRequest, reply: FastifyReply, ids: unknown) =>
    streamBulkPrint(opContext(request), request, reply, idList(ids), formatOf(request));
  app.post('/shipments/bulk-print', { schema: { tags }, preHandler: requireAuth }, (request, reply) =>
    bulkPrint(request, reply, (request.body as Record<string, unknown> | null | undefined)?.ids),
  );
  app.get('/shipments/bulk-print', { schema: { tags }, preHandler: requireAuth }, (request, reply) => bulkPrint(request, reply, rawQuery(request).ids));

  for (const verb of Object.keys(SHIPMENT_VERBS) as ShipmentVerb[]) {
    app.post(`/shipments/:id/${verb}`, { schema: { tags, params: idParams }, preHandler: requireAuth }, async (request, reply) => {
      const shipment = (await loadOne(contextOf(request), RESOURCE_MODULES.shipments, idOf(request))) as Shipment;
      // An unknown label format is refused before anything is printed.
      const format = verb === 'print' ? formatOf(request) : undefined;
      const ctx = opContext(request);
      const result = await SHIPMENT_VERBS[verb](ctx, shipment);
      if (format) {
        const labels = await shipmentLabels(ctx.db, result.id);
        const pdf = await renderLabels(labels, format, labelCaptions(request.t));
        return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="labels-${result.reference_id}.pdf"`).send(pdf);
      }
      return recordPayload(ctx.db, 'shipments', ctx.actor!, result);
    });
  }
}
