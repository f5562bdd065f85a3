import { Edit, type Identifier, type RaRecord } from 'react-admin';
import { useSaveOptions } from '../../components/successNotice.js';
import { useParentId } from '../../components/useParentId.js';
import { PackageForm } from './PackageForm.js';
import { packagePath } from './paths.js';

export function PackageEdit() {
  const shipmentId = useParentId();
  return (
    <Edit
      resource="packages"
      mutationMode="pessimistic"
      mutationOptions={useSaveOptions('updated', (_r?: string, id?: Identifier, data?: Partial<RaRecord>) => packagePath(data?.shipment_id ?? shipmentId ?? '', id), 'packages')}
    >
      <PackageForm mode="edit" shipmentId={shipmentId} />
    </Edit>
  );
}
