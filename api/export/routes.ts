/**
 * GET /api/shipments/export?ids[0]=1&format=xlsx|csv (XLSX default), or with the shipments list's
 * filters/search instead of ids: the whole filtered list. Streamed; the file name comes in
 * content-disposition. Whoever may list shipments may export what the list shows them.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ExportQuery } from '../../core/contract/index.js';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { canCrud } from '../../core/permissions.js';
import { DomainError } from '../../core/errors.js';
import { contextOf } from '../resources/access.js';
import { filteredQuery, parseListQuery, rawQuery } from '../resources/list-query.js';
import { shipmentsList } from '../resources/shipments/shipments.repository.js';
import { fieldError } from '../resources/validate.js';
import { exportHeader } from './columns.js';
import { shipmentExportRows } from './shipment-export.service.js';
import { EXPORT_CONTENT_TYPES, writeExport, type ExportFormat } from './writers.js';

export function exportFormat(value: unknown): ExportFormat {
  if (value === undefined || value === '' || value === 'xlsx' || value === 'XLSX') return 'xlsx';
  if (value === 'csv' || value === 'CSV') return 'csv';
  return fieldError('format', 'validation.in');
}

export async function exportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/shipments/export', { config: { guard: { crud: 'shipments', action: 'list' } }, schema: { tags: ['export'], querystring: ExportQuery } }, async (request, reply) => {
    const { db, actor, now } = contextOf(request);
    if (!canCrud(actor, 'shipments', 'list')) throw new DomainError('forbidden');
    // The list's own parameters (filters, search) choose the shipments; paging does not apply to an export.
    const { ids, format: formatParam, page, perPage, ...listParams } = rawQuery(request);
    const format = exportFormat(formatParam);
    void page;
    void perPage;
    const query = parseListQuery(shipmentsList, listParams, actor.role);
    if (ids !== undefined) {
      const list = (Array.isArray(ids) ? ids : typeof ids === 'object' && ids ? Object.values(ids) : [ids]).map(Number);
      if (!list.length || list.length > 100_000 || list.some((id) => !Number.isInteger(id) || id < 1)) fieldError('ids', 'validation.numeric');
      query.filters.id = list;
    }
    const shipments = filteredQuery(db, request.server.dialect, shipmentsList, query, actor);
    const out = new PassThrough();
    const name = `shipments-${now.slice(0, 10)}.${format}`;
    reply
      .header('content-type', EXPORT_CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store');
    writeExport(format, exportHeader(request.t), shipmentExportRows(db, shipments), out, request.t('resources.shipments.name').split('||||').pop()!.trim()).catch(
      (error) => {
        request.log.error({ err: error }, 'shipment export failed');
        out.destroy(error as Error);
      },
    );
    return reply.send(out);
  });
}
