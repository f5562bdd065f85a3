import { Edit, type Identifier, type RaRecord } from 'react-admin';
import { useSaveOptions } from '../../components/successNotice.js';
import { useParentId } from '../../components/useParentId.js';
import { BatchItemForm } from './BatchItemForm.js';
import { batchItemPath } from './paths.js';

export function BatchItemEdit() {
  const batchId = useParentId();
  return (
    <Edit
      resource="batch_items"
      mutationMode="pessimistic"
      mutationOptions={useSaveOptions('updated', (_r?: string, id?: Identifier, data?: Partial<RaRecord>) => batchItemPath(data?.batch_id ?? batchId ?? '', id), 'batch_items')}
    >
      <BatchItemForm mode="edit" batchId={batchId} />
    </Edit>
  );
}
