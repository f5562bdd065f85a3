/** Batches resource (feature batches). */
import type { ResourceModule } from '../module.js';
import { batchesList } from './batches.repository.js';
import { batchIncludes, batchVerdicts, createBatch, deleteBatch, updateBatch } from './batches.service.js';

export const batchesModule: ResourceModule = {
  name: 'batches',
  list: batchesList,
  verdicts: batchVerdicts,
  include: batchIncludes,
  create: createBatch,
  update: updateBatch,
  remove: deleteBatch,
};
