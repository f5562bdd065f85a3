/**
 * The shipment import API (DESIGN.md section 3), guarded by the `shipments-import` route roles:
 *   GET  /api/shipments/import/template?format=csv|xlsx
 *   POST /api/shipments/import/upload            multipart field `file` (+ merchant_id for superadmin/support)
 *   GET  /api/shipments/import/:id/preview       ?page=&perPage=&invalid_only=1
 *   POST /api/shipments/import/:id/save          { only_valid }
 * Multipart parsing is registered inside this plugin only, with the 20 MB import limit.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { IMPORT_LIMITS, type Locale } from '../../core/constants.js';
import { DomainError } from '../../core/errors.js';
import { canAccessRoute } from '../../core/permissions.js';
import { buildTemplate, type TemplateFormat } from '../../templates/import-template.js';
import { contextOf, type ServiceContext } from '../resources/access.js';
import { fieldError } from '../resources/validate.js';
import { previewUpload, saveUpload, uploadFile } from './upload.service.js';

const MB = 1024 * 1024;

/** 401 signed out, 403 unless the role may import (core ROUTES['shipments-import']). */
function importContext(request: FastifyRequest): ServiceContext {
  const ctx = contextOf(request);
  if (!canAccessRoute(ctx.actor, 'shipments-import')) throw new DomainError('forbidden');
  return ctx;
}

export const CONTENT_TYPES: Record<TemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function templateFormat(value: unknown): TemplateFormat {
  if (value === undefined || value === '' || value === 'xlsx') return 'xlsx';
  if (value === 'csv') return 'csv';
  return fieldError('format', 'validation.in');
}

const flag = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

export async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1024 } });

  app.get('/shipments/import/template', { schema: { tags: ['import'] } }, async (request, reply) => {
    importContext(request);
    const format = templateFormat((request.query as Record<string, unknown>).format);
    const body = await buildTemplate(format, request.locale as Locale);
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="shipments-import-template.${format}"`)
      .send(body);
  });

  app.post('/shipments/import/upload', { schema: { tags: ['import'] } }, async (request) => {
    const ctx = importContext(request);
    if (!request.isMultipart()) fieldError('file', 'validation.required');
    let file;
    try {
      file = await request.file();
    } catch (error) {
      throw multipartError(error);
    }
    if (!file) fieldError('file', 'validation.required');
    let buffer: Buffer;
    try {
      buffer = await file.toBuffer();
    } catch (error) {
      throw multipartError(error);
    }
    const fields = Object.fromEntries(
      Object.entries(file.fields).flatMap(([name, part]) => (part && 'value' in part ? [[name, (part as { value: unknown }).value]] : [])),
    );
    const merchantId = (request.query as Record<string, unknown>).merchant_id ?? fields.merchant_id;
    return { data: await uploadFile(ctx, { buffer, name: file.filename }, merchantId, request.t) };
  });

  app.get('/shipments/import/:id/preview', { schema: { tags: ['import'] } }, async (request) => {
    const ctx = importContext(request);
    const query = request.query as Record<string, unknown>;
    const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
    const perPage = Math.min(100, Math.max(1, Math.floor(Number(query.perPage ?? 25)) || 25));
    const preview = await previewUpload(ctx, (request.params as { id: string }).id, { page, perPage, invalidOnly: flag(query.invalid_only) }, request.t);
    return { data: preview.data, meta: preview.meta };
  });

  app.post('/shipments/import/:id/save', { schema: { tags: ['import'] } }, async (request) => {
    const ctx = importContext(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    return { data: await saveUpload(ctx, (request.params as { id: string }).id, flag(body.only_valid)) };
  });
}

/** Multipart refusals as coded errors: too large -> import.too_large (413), anything else -> unreadable. */
function multipartError(error: unknown): Error {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT')
    return new DomainError('import.too_large', 'import.too_large', { params: { max: IMPORT_LIMITS.maxBytes / MB } });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new DomainError('validation.failed', 'validation.failed', { fields: { file: 'validation.required' }, problems: { file: { key: 'validation.required' } } });
  return error instanceof DomainError ? error : new DomainError('import.unreadable');
}
