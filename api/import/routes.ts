/**
 * The import API (DESIGN.md section 3, docs/import.md): the same four endpoints for each import kind,
 * tagged `import` in the OpenAPI document.
 *   Shipments, guarded by the `shipments-import` route roles:
 *     GET  /api/shipments/import/template?format=csv|xlsx
 *     POST /api/shipments/import/upload              multipart field `file` (+ merchant_id for superadmin/support)
 *     GET  /api/shipments/import/:upload/preview     ?page=&perPage=&invalid_only=1
 *     POST /api/shipments/import/:upload/save        { only_valid }
 *   Customers of one batch, with the rules of creating a batch item (role, batches feature, the batch
 *   visible to the user and not completed):
 *     GET  /api/batches/:id/items/import/template, POST .../upload, GET .../:upload/preview, POST .../:upload/save
 * Multipart parsing is registered inside this plugin only, with the 20 MB import limit.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  BatchUploadParams,
  DataOf,
  PreviewData,
  PreviewMeta,
  SaveResult,
  UploadResult,
  IdParams,
  ImportPreviewQuery,
  ImportSaveBody,
  ImportTemplateQuery,
  ImportUploadBody,
  ImportUploadQuery,
  UploadParams,
  type Static,
} from '../../core/contract/index.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { IMPORT_LIMITS, type Locale } from '../../core/constants.js';
import { DomainError } from '../../core/errors.js';
import { canAccessRoute } from '../../core/permissions.js';
import { buildTemplate, type TemplateFormat } from '../../templates/import-template.js';
import { templateDropoffs } from './template-dropoffs.js';
import { contextOf, ensureCrud, type ServiceContext } from '../resources/access.js';
import { owningMerchant } from '../resources/owner.js';
import { fieldError } from '../resources/validate.js';
import { batchItemImports, importBatch } from './batch-item-import.service.js';
import type { ImportKindService, ImportTarget } from './import-kinds.js';
import { shipmentImports } from './shipment-import.service.js';
import { previewUpload, saveUpload, uploadFile } from './upload.service.js';
import type { RouteGuard } from '../plugins/route-guard.js';

const MB = 1024 * 1024;

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

/** What one kind's endpoints need besides the shared steps. */
interface ImportRoute {
  spec: ImportKindService;
  /** Path of the endpoints under /api. */
  prefix: string;
  /** The template's download name, without extension. */
  templateName: string;
  /** Path parameters of the template/upload URLs, and of the preview/save URLs (which add `:upload`). */
  params: { base?: TSchema; upload: TSchema };
  /** The guard its four routes declare (api/plugins/route-guard.ts); `allow` enforces it. */
  guard: RouteGuard;
  /** 401 signed out; 403 when the role (or the merchant's feature) may not import this kind. */
  allow(ctx: ServiceContext): void;
  /**
   * The target the URL names (a batch: 404 when not visible; with `open`, `record.locked` when completed),
   * or null when the kind has none there (shipments: the upload's merchant).
   */
  urlTarget(ctx: ServiceContext, request: FastifyRequest, open: boolean): Promise<ImportTarget | null>;
  /** A new upload's target (shipments: merchant_id, a query parameter or a multipart field, for superadmin/support). */
  uploadTarget(ctx: ServiceContext, request: FastifyRequest, fields: Record<string, unknown>): Promise<ImportTarget>;
}

const shipmentRoute: ImportRoute = {
  spec: shipmentImports,
  prefix: '/shipments/import',
  templateName: 'shipments-import-template',
  guard: { crud: 'shipments', action: 'create' },
  params: { upload: UploadParams },
  allow(ctx) {
    if (!canAccessRoute(ctx.actor, 'shipments-import')) throw new DomainError('forbidden');
  },
  urlTarget: async () => null,
  async uploadTarget(ctx, request, fields) {
    const merchantId = (request.query as Static<typeof ImportUploadQuery>).merchant_id ?? fields.merchant_id;
    return { merchantId: (await owningMerchant(ctx, { merchant_id: merchantId })) as number, batchId: null };
  },
};

const batchItemRoute: ImportRoute = {
  spec: batchItemImports,
  prefix: '/batches/:id/items/import',
  templateName: 'batch-items-import-template',
  guard: { crud: 'batch_items', action: 'create' },
  params: { base: IdParams, upload: BatchUploadParams },
  allow: (ctx) => ensureCrud(ctx.actor, 'batch_items', 'create'),
  async urlTarget(ctx, request, open) {
    const batch = await importBatch(ctx, Number((request.params as { id: unknown }).id), { open });
    return { merchantId: batch.merchant_id, batchId: batch.id };
  },
  uploadTarget(ctx, request) {
    return this.urlTarget(ctx, request, true) as Promise<ImportTarget>;
  },
};

export async function importRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 1, fields: 10, fieldSize: 1024 } });
  for (const route of [shipmentRoute, batchItemRoute]) mountImport(app, route);
}

function mountImport(fastify: FastifyInstance, route: ImportRoute): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { prefix, spec } = route;
  const tags = ['import'];
  const base = route.params.base ? { params: route.params.base } : {};
  const upload = { params: route.params.upload };
  const config = { guard: route.guard };
  /** The signed-in, allowed user's context (the role check comes before anything is read). */
  const allowed = (request: FastifyRequest) => {
    const ctx = contextOf(request);
    route.allow(ctx);
    return ctx;
  };
  const uploadId = (request: FastifyRequest) => (request.params as { upload: string }).upload;

  app.get(`${prefix}/template`, { config, schema: { tags, ...base, querystring: ImportTemplateQuery } }, async (request, reply) => {
    const ctx = allowed(request);
    await route.urlTarget(ctx, request, false);
    const format = templateFormat(request.query.format);
    // The requesting merchant's drop-off points (a superadmin may name one with ?merchant_id, else the network's).
    const merchantId = spec.kind === 'shipments' ? await owningMerchant(ctx, { merchant_id: request.query.merchant_id }, true) : null;
    const dropoffs = spec.kind === 'shipments' ? await templateDropoffs(ctx.db, merchantId) : [];
    const body = await buildTemplate(format, request.locale as Locale, spec.kind, { dropoffs });
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${route.templateName}.${format}"`)
      .send(body);
  });

  app.post(`${prefix}/upload`, { config, schema: { tags, ...base, querystring: ImportUploadQuery, body: ImportUploadBody, response: { 200: DataOf(UploadResult) } } }, async (request) => {
    const ctx = allowed(request);
    const { buffer, name, fields } = await readUpload(request);
    const target = await route.uploadTarget(ctx, request, fields);
    return { data: await uploadFile(ctx, spec, target, { buffer, name }, request.t) };
  });

  app.get(`${prefix}/:upload/preview`, { config, schema: { tags, ...upload, querystring: ImportPreviewQuery, response: { 200: Type.Object({ data: PreviewData, meta: PreviewMeta }) } } }, async (request) => {
    const ctx = allowed(request);
    const target = await route.urlTarget(ctx, request, true);
    const query = request.query;
    const page = Math.max(1, Math.floor(Number(query.page ?? 1)) || 1);
    const perPage = Math.min(100, Math.max(1, Math.floor(Number(query.perPage ?? 25)) || 25));
    const preview = await previewUpload(ctx, spec, target, uploadId(request), { page, perPage, invalidOnly: flag(query.invalid_only) }, request.t);
    return { data: preview.data, meta: preview.meta };
  });

  app.post(`${prefix}/:upload/save`, { config, schema: { tags, ...upload, body: ImportSaveBody, response: { 200: DataOf(SaveResult) } } }, async (request) => {
    const ctx = allowed(request);
    const target = await route.urlTarget(ctx, request, true);
    return { data: await saveUpload(ctx, spec, target, uploadId(request), flag(request.body.only_valid)) };
  });
}

/** The multipart `file` part and the text fields sent with it; refusals as coded errors. */
async function readUpload(request: FastifyRequest): Promise<{ buffer: Buffer; name: string; fields: Record<string, unknown> }> {
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
  // A file part without a filename (fetch's FormData sends a nameless Blob so) is read by its bytes, as a file without extension.
  return { buffer, name: file.filename ?? '', fields };
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
