import { Create, type Identifier, type RaRecord } from 'react-admin';
import { useSaveOptions } from '../../components/successNotice.js';
import { useParentId } from '../../components/useParentId.js';
import { BatchItemForm } from './BatchItemForm.js';
import { batchItemPath } from './paths.js';

export function BatchItemCreate() {
  const batchId = useParentId();
  return (
    <Create resource="batch_items" mutationOptions={useSaveOptions('created', (_r?: string, id?: Identifier, data?: Partial<RaRecord>) => batchItemPath(data?.batch_id ?? batchId ?? '', id), 'batch_items')}>
      <BatchItemForm mode="create" batchId={batchId} />
    </Create>
  );
}
