/**
 * The verb routes of the resources under /api (docs/operations-api.md): package and shipment verbs,
 * manifests' lifecycle, location approval and terminals, the locker network (api/lockers) and offline scan sync (scans/); each lives in its resource's folder
 * (<singular>-verbs.routes.ts). Registered from api/server.ts as one plugin; multipart (PUDO identification
 * photos) is enabled inside it unless the app already parses multipart.
 */
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { registerPackageOperationRoutes } from './packages/package-verbs.routes.js';
import { registerShipmentOperationRoutes } from './shipments/shipment-verbs.routes.js';
import { registerManifestOperationRoutes } from './manifests/manifest-verbs.routes.js';
import { registerLocationOperationRoutes } from './locations/location-verbs.routes.js';
import { lockerRoutes } from '../lockers/index.js';
import { registerScanRoutes } from './scans/scans.routes.js';

export async function verbRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1 } });
  registerPackageOperationRoutes(app);
  registerShipmentOperationRoutes(app);
  registerManifestOperationRoutes(app);
  registerLocationOperationRoutes(app);
  lockerRoutes(app);
  registerScanRoutes(app);
}
