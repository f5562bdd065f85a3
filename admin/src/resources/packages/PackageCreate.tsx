import { Create, type Identifier, type RaRecord } from 'react-admin';
import { useSaveOptions } from '../../components/successNotice.js';
import { useParentId } from '../../components/useParentId.js';
import { PackageForm } from './PackageForm.js';
import { packagePath } from './paths.js';

export function PackageCreate() {
  const shipmentId = useParentId();
  return (
    <Create resource="packages" mutationOptions={useSaveOptions('created', (_r?: string, id?: Identifier, data?: Partial<RaRecord>) => packagePath(data?.shipment_id ?? shipmentId ?? '', id), 'packages')}>
      <PackageForm mode="create" shipmentId={shipmentId} />
    </Create>
  );
}
