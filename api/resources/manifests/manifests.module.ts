/** Manifests resource (feature manifests). */
import type { ResourceModule } from '../module.js';
import { manifestsList } from './manifests.repository.js';
import { createManifest, deleteManifest, manifestIncludes, manifestVerdicts, updateManifest } from './manifests.service.js';

export const manifestsModule: ResourceModule = {
  name: 'manifests',
  list: manifestsList,
  verdicts: async (rows, actor) => manifestVerdicts(rows, actor),
  include: manifestIncludes,
  create: createManifest,
  update: updateManifest,
  remove: deleteManifest,
};
