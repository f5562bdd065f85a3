/** Shipment verb routes: POST /api/shipments/:id/<verb>, POST (or GET) /api/shipments/bulk-print (docs/operations-api.md). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { shipmentRefusals, type ShipmentState } from '../../../core/machines/index.js';
import type { Shipment } from '../../db/tables.js';
import { labelCaptions, renderLabels, requestedLabelFormat, type LabelFormat } from '../../labels/label.js';
import { shipmentLabels } from '../../labels/label-data.js';
import { requireAuth } from '../../plugins/auth.js';
import { contextOf } from '../access.js';
import { RESOURCE_MODULES } from '../index.js';
import { rawQuery } from '../list-query.js';
import { registerRecordActionSet } from '../record-actions.js';
import { loadOne } from '../records.js';
import { BulkPrintBody, BulkPrintQuery, IdParams, LabelQuery, ShipmentVerbBody } from '../../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { machineActor, opContext } from '../shared/op-context.js';
import { recordPayload } from '../shared/record-payload.js';
import { streamBulkPrint } from './bulk-print.js';
import { SHIPMENT_VERBS, type ShipmentVerb } from './shipment-actions.service.js';

/** The label format of the query, else of the body (both declared by the route's schemas). */
const formatOf = (query: { format?: unknown } | undefined, body?: { format?: unknown }): LabelFormat => requestedLabelFormat(query?.format ?? body?.format);

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
  // Decided together per page (one answer per distinct status and needs), like the package verbs.
  const verbs = Object.keys(SHIPMENT_VERBS) as ShipmentVerb[];
  registerRecordActionSet('shipments', (actor) => {
    const decide = shipmentRefusals(verbs, { actor: machineActor(actor) });
    return { actions: verbs, decide: (row) => decide(row as ShipmentState) };
  });
}

export function registerShipmentOperationRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerShipmentRules();
  const tags = ['shipments'];

  // POST { ids: [..], format? } is what the admin sends: 1,000 ids fit in a body, not in a URL (Node's 16 KB
  // header limit). GET ?ids[0]=.. stays for small selections and links.
  const bulkPrint = (request: FastifyRequest, reply: FastifyReply, ids: unknown, format: LabelFormat) =>
    streamBulkPrint(opContext(request), request, reply, idList(ids), format);
  app.post('/shipments/bulk-print', { schema: { tags, querystring: LabelQuery, body: BulkPrintBody }, preHandler: requireAuth }, (request, reply) =>
    bulkPrint(request, reply, request.body.ids, formatOf(request.query, request.body)),
  );
  // The ids are read with indexed brackets (ids[0]=..), whatever the server's own query parser. Printing registers
  // drafts, so a link from another site must not: the XSRF header is checked as on a POST (api/plugins/auth.ts).
  app.get('/shipments/bulk-print', { schema: { tags, querystring: BulkPrintQuery }, config: { csrf: 'always' }, preHandler: requireAuth }, (request, reply) =>
    bulkPrint(request, reply, rawQuery(request).ids, formatOf(request.query)),
  );

  for (const verb of Object.keys(SHIPMENT_VERBS) as ShipmentVerb[]) {
    app.post(`/shipments/:id/${verb}`, { schema: { tags, params: IdParams, querystring: LabelQuery, body: ShipmentVerbBody }, preHandler: requireAuth }, async (request, reply) => {
      const shipment = (await loadOne(contextOf(request), RESOURCE_MODULES.shipments, request.params.id)) as Shipment;
      // An unknown label format is refused before anything is printed.
      const format = verb === 'print' ? formatOf(request.query, request.body) : undefined;
      const ctx = opContext(request);
      const result = await SHIPMENT_VERBS[verb](ctx, shipment);
      if (format) {
        const labels = await shipmentLabels(ctx.db, result.id, undefined, ctx.now);
        const pdf = await renderLabels(labels, format, labelCaptions(request.t));
        return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="labels-${result.reference_id}.pdf"`).send(pdf);
      }
      return recordPayload(ctx.db, 'shipments', ctx.actor!, result);
    });
  }
}
