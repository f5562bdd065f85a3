/**
 * Package verb routes (docs/operations-api.md): POST /api/packages/:id/<verb>, scan lookup, fetch from
 * merchant, alternative locations, the identification image and the package label. Routes are thin:
 * load within the actor's scope (404 otherwise), run the verb, answer with the record and its actions.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import type { PackageAction } from '../../../core/machines/index.js';
import { canSeeIdentificationImage } from '../../../core/permissions.js';
import { isIdentificationPhoto, isIdentificationPhotoType } from '../../../core/policies/identification-photo.policy.js';
import { requireAuth, requirePermission } from '../../plugins/auth.js';
import { AlternativesResponse, BarcodeQuery, DriversResponse, FetchBody, IdParams, LabelQuery, NoQuery, PackageResponse, PackageVerbBody } from '../../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fieldError } from '../validate.js';
import { labelCaptions, renderLabels, requestedLabelFormat } from '../../labels/label.js';
import { shipmentLabels } from '../../labels/label-data.js';
import { opContext } from '../shared/op-context.js';
import { recordPayload } from '../shared/record-payload.js';
import { alternativeLocations } from './alternatives.js';
import { fetchFromMerchant } from './fetch-package.js';
import { handoverDrivers, runPackageAction, type PackageActionInput } from './package-actions.service.js';
import { PACKAGE_VERBS, registerPackageRules } from './package-rules.js';
import { findPackageInScope, loadByBarcode, loadPackage } from './package-scope.js';
import { againOnDuplicate } from '../../db/unique-violation.js';

type Body = Record<string, unknown>;

const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** JSON/form body, or multipart (PUDO check-out: field `image` plus plain fields). */
async function readBody(request: FastifyRequest): Promise<{ body: Body; image: PackageActionInput['identification'] }> {
  // JSON and form bodies were checked by PackageVerbBody; multipart parts are read here.
  if (!request.isMultipart?.()) return { body: (request.body as Body | undefined) ?? {}, image: null };
  const body: Body = {};
  let image: PackageActionInput['identification'] = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 } })) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname !== 'image') continue;
      if (!isIdentificationPhotoType(part.mimetype)) fieldError('image', 'validation.in');
      if (part.file.truncated) fieldError('image', 'validation.in');
      // The bytes must be the image the type says: a file only labelled image/jpeg is no photo of an ID.
      if (data.length && !isIdentificationPhoto(part.mimetype, data)) fieldError('image', 'validation.in');
      if (data.length) image = { mime: part.mimetype, data };
    } else body[part.fieldname] = part.value;
  }
  return { body, image };
}

function inputOf(body: Body, image: PackageActionInput['identification']): PackageActionInput {
  return {
    location_id: body.location_id as number | null | undefined,
    target_location_id: (body.location ?? body.location_id) as number | null | undefined,
    into: body.into as number | string | null | undefined,
    handover_to: body.handover_to as number | null | undefined,
    reason: typeof body.reason === 'string' ? body.reason.slice(0, 500) : null,
    identification: image,
  };
}

export function registerPackageOperationRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerPackageRules();
  const tags = ['packages'];

  app.get('/packages/lookup', { schema: { tags, querystring: BarcodeQuery, response: { 200: PackageResponse } }, preHandler: requireAuth }, async (request) => {
    const ctx = opContext(request);
    const pkg = await loadByBarcode(ctx.db, ctx.actor, request.query.barcode);
    return recordPayload(ctx.db, 'packages', ctx.actor!, pkg);
  });

  app.post('/packages/fetch', { schema: { tags, body: FetchBody, response: { 201: PackageResponse } }, preHandler: requirePermission('packages.fetch') }, async (request, reply) => {
    const ctx = opContext(request);
    const body = request.body;
    const merchantId = body.merchant_id === undefined || body.merchant_id === null || body.merchant_id === '' ? null : Number(body.merchant_id);
    if (merchantId !== null && !Number.isSafeInteger(merchantId)) fieldError('merchant_id', 'validation.numeric');
    // A barcode scanned twice at once: the scan the unique index refused answers validation.unique, not 500.
    const pkg = await againOnDuplicate(() => fetchFromMerchant(ctx, body.barcode, merchantId));
    reply.code(201);
    return recordPayload(ctx.db, 'packages', ctx.actor!, pkg);
  });

  // Warehouse check-out: the drivers the package can be handed to (names only).
  app.get('/packages/handover-drivers', { schema: { tags, querystring: NoQuery, response: { 200: DriversResponse } }, preHandler: requirePermission('packages.handover-drivers') }, async (request) => {
    return { data: await handoverDrivers(opContext(request).db) };
  });

  app.get('/packages/:id/alternative-locations', { schema: { tags, params: IdParams, querystring: BarcodeQuery, response: { 200: AlternativesResponse } }, preHandler: requireAuth }, async (request) => {
    const ctx = opContext(request);
    const barcode = request.query.barcode;
    const pkg = (await findPackageInScope(ctx.db, ctx.actor, request.params.id)) ?? (barcode ? await loadByBarcode(ctx.db, ctx.actor, barcode) : undefined);
    if (!pkg) throw new DomainError('not_found');
    return { data: await alternativeLocations(ctx.db, pkg) };
  });

  app.get('/packages/:id/identification-image', { schema: { tags, params: IdParams, querystring: NoQuery }, preHandler: requireAuth }, async (request, reply) => {
    const ctx = opContext(request);
    const pkg = await loadPackage(ctx.db, ctx.actor, request.params.id);
    // The photo of an ID document: only the roles the package record tells (has_identification_image).
    if (!canSeeIdentificationImage(ctx.actor!.role)) throw new DomainError('forbidden');
    const image = await ctx.db.selectFrom('package_images').select(['mime', 'data']).where('package_id', '=', pkg.id).executeTakeFirst();
    if (!image) throw new DomainError('not_found');
    return reply.header('content-type', image.mime).header('cache-control', 'private, no-store').send(Buffer.from(image.data));
  });

  for (const verb of PACKAGE_VERBS) {
    app.post(`/packages/:id/${verb}`, { schema: { tags, params: IdParams, querystring: LabelQuery, body: PackageVerbBody }, preHandler: requireAuth }, async (request, reply) => {
      const ctx = opContext(request);
      const pkg = await loadPackage(ctx.db, ctx.actor, request.params.id);
      const { body, image } = await readBody(request);
      // The same format rule as the shipment print, checked before the package is printed.
      const format = verb === 'print' ? requestedLabelFormat(request.query.format ?? body.format) : undefined;
      const outcome = await runPackageAction(ctx, pkg, verb as PackageAction, inputOf(body, image));
      if (format) {
        const labels = await shipmentLabels(ctx.db, pkg.shipment_id, [pkg.id], ctx.now);
        const pdf = await renderLabels(labels, format, labelCaptions(request.t));
        return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="label-${pkg.barcode}.pdf"`).send(pdf);
      }
      const meta = outcome.pending ? { pending: true, eta_seconds: outcome.pending.eta_seconds, message: request.t('operations.retrievable_pending') } : {};
      const payload = await recordPayload(ctx.db, 'packages', ctx.actor!, outcome.package, { from: outcome.from, to: outcome.to, ...meta });
      // A package the verb took out of the actor's reach (a driver extends an expired locker package: it is
      // ready to collect, no longer theirs) offers nothing more: a further verb would only answer 404.
      if (!(await findPackageInScope(ctx.db, ctx.actor, pkg.id))) payload.meta.actions = [];
      return payload;
    });
  }
}
