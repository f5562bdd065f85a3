import { Create, type Identifier, type RaRecord } from 'react-admin';
import { errorsInDialog } from '../../components/CrudScreens.js';
import { useParentId } from '../../components/useParentId.js';
import { PackageForm } from './PackageForm.js';
import { packagePath } from './paths.js';

export function PackageCreate() {
  const shipmentId = useParentId();
  return (
    <Create resource="packages" mutationOptions={errorsInDialog} redirect={(_r?: string, id?: Identifier, data?: Partial<RaRecord>) => packagePath(data?.shipment_id ?? shipmentId ?? '', id)}>
      <PackageForm mode="create" shipmentId={shipmentId} />
    </Create>
  );
}
