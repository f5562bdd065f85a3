/** Batches resource (feature batches). */
import type { ResourceModule } from '../module.js';
import { batchesList } from './batches.repository.js';
import { batchIncludes, batchVerdicts, createBatch, deleteBatch, presentBatch, updateBatch } from './batches.service.js';

export const batchesModule: ResourceModule = {
  name: 'batches',
  list: batchesList,
  verdicts: batchVerdicts,
  include: batchIncludes,
  present: presentBatch,
  create: createBatch,
  update: updateBatch,
  remove: deleteBatch,
};
