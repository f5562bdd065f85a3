/**
 * Parcel operations under /api (docs/operations-api.md): package and shipment verbs, manifests'
 * lifecycle, location approval and terminals, locker access (api/lockers). Registered from api/server.ts as one plugin; multipart
 * (PUDO identification photos) is enabled inside it unless the app already parses multipart.
 */
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { registerPackageOperationRoutes } from './packages/package.routes.js';
import { registerShipmentOperationRoutes } from './shipments/shipment.routes.js';
import { registerManifestOperationRoutes } from './manifests/manifest.routes.js';
import { registerLocationOperationRoutes } from './locations/location.routes.js';
import { registerLockerRoutes } from './lockers/lockers.routes.js';
import { lockerRoutes } from '../lockers/index.js';

export async function operationRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart, { limits: { fileSize: 8 * 1024 * 1024, files: 1 } });
  registerPackageOperationRoutes(app);
  registerShipmentOperationRoutes(app);
  registerManifestOperationRoutes(app);
  registerLocationOperationRoutes(app);
  registerLockerRoutes(app);
  lockerRoutes(app);
}
