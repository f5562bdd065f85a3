/** Manifest verb routes: POST /api/manifests/:id/{finalize, go-live, fulfil, delivery-attempted, add-packages, remove-packages}. */
import type { FastifyInstance } from 'fastify';
import { requireCrud } from '../../plugins/auth.js';
import type { Manifest } from '../../db/tables.js';
import { contextOf } from '../access.js';
import { RESOURCE_MODULES } from '../index.js';
import { canCrud } from '../../../core/permissions.js';
import { registerRecordAction } from '../record-actions.js';
import { loadOne } from '../records.js';
import { IdParams, ManifestVerbBody, ShowResponse } from '../../../core/contract/index.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { opContext } from '../shared/op-context.js';
import { recordPayload } from '../shared/record-payload.js';
import { MANIFEST_VERBS, manifestRefusal, runManifestVerb } from './manifest-actions.service.js';

let registered = false;
export function registerManifestOperationRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (!registered) {
    registered = true;
    for (const verb of MANIFEST_VERBS) {
      registerRecordAction('manifests', verb, (row, actor) => (canCrud(actor, 'manifests', 'edit') ? manifestRefusal(row as Manifest, verb) : 'forbidden'));
    }
  }
  for (const verb of MANIFEST_VERBS) {
    app.post(`/manifests/:id/${verb}`, { schema: { tags: ['manifests'], params: IdParams, body: ManifestVerbBody, response: { 200: ShowResponse } }, preHandler: requireCrud('manifests', 'edit') }, async (request) => {
      const manifest = (await loadOne(contextOf(request), RESOURCE_MODULES.manifests, request.params.id)) as Manifest;
      const ctx = opContext(request);
      return recordPayload(ctx.db, 'manifests', ctx.actor!, await runManifestVerb(ctx, manifest, verb, request.body));
    });
  }
}
