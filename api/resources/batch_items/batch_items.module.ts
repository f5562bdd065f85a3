/** Batch items resource (feature batches; admin: nested under batches, list filter batch_id). */
import type { ResourceModule } from '../module.js';
import { batchItemsList } from './batch_items.repository.js';
import { batchItemIncludes, batchItemVerdicts, createBatchItem, deleteBatchItem, updateBatchItem } from './batch_items.service.js';

export const batchItemsModule: ResourceModule = {
  name: 'batch_items',
  list: batchItemsList,
  verdicts: batchItemVerdicts,
  present: ({ credit_card: _card, ...row }) => row,
  include: batchItemIncludes,
  create: createBatchItem,
  update: updateBatchItem,
  remove: deleteBatchItem,
};
