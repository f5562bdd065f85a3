import type { Identifier } from 'react-admin';
import { nestedPath } from '../../components/nested.js';

/** Batch items live under their batch: /batches/{batch_id}/batch_items[/{id}[/edit]]. */
export const batchItemPath = (batchId: Identifier, id?: Identifier | 'create', suffix?: 'edit') =>
  nestedPath('batches', 'batch_items', batchId, id, suffix);
