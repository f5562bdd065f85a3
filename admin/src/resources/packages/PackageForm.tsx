import { TextInput } from 'react-admin';
import { PACKAGE_SIZES } from '../../../../core/constants.js';
import { schemas } from '../../../../core/schemas/index.js';
import { EnumInput } from '../../components/EnumInput.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { packagePath } from './paths.js';

/** Package create/edit form; `shipment_id` comes from the route (a hidden default value). */
export function PackageForm({ mode, shipmentId }: { mode: 'create' | 'edit'; shipmentId?: number | string }) {
  return (
    <ResourceForm
      resource="packages"
      schema={schemas.packages[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? { shipment_id: shipmentId, size: 'SMALL' } : undefined}
      deleteRedirect={shipmentId !== undefined ? packagePath(shipmentId) : undefined}
    >
      <EnumInput source="size" values={PACKAGE_SIZES} prefix="sizes" label={req('size')} />
      <TextInput source="description" multiline label={req('description')} />
      <TextInput source="barcode" label={req('barcode')} readOnly={mode === 'edit'} />
    </ResourceForm>
  );
}
