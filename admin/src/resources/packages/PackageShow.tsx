import { BooleanField, ReferenceField, Show, SimpleShowLayout, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useParentId } from '../../components/useParentId.js';
import { packagePath } from './paths.js';
import { ConsolidationLinks, DebugPanel, IdentificationImage, PackageActions, PackageHistory } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

function PackageShowActions() {
  const record = useRecordContext();
  const parentId = useParentId();
  const createPath = useCreatePath();
  const shipmentId = record?.shipment_id ?? parentId;
  return (
    <ShowActions
      editTo={record ? packagePath(shipmentId, record.id, 'edit') : undefined}
      deleteRedirect={createPath({ resource: 'shipments', type: 'show', id: shipmentId })}
    >
      <PackageActions />
    </ShowActions>
  );
}

const FLAGS = ['is_rerouted', 'is_consolidated', 'is_consolidation', 'missing', 'is_unpaid'];

/** A package at /shipments/:parent_id/packages/:id. */
export function PackageShow() {
  return (
    <Show resource="packages" actions={<PackageShowActions />}>
      <SimpleShowLayout>
        <TextField source="barcode" />
        <EnumField source="size" prefix="sizes" />
        <StatusChipField source="status" table="packages" />
        <TextField source="description" />
        <ReferenceField source="shipment_id" reference="shipments" link="show" />
        <NameField source="location_id" label="resources.packages.fields.location_id" />
        <NameField source="dropoff_location_id" label="resources.packages.fields.dropoff_location_id" />
        <NameField source="driver_id" label="resources.packages.fields.driver_id" />
        <TextField source="locker_number" />
        <DateField source="available_at" showTime />
        <DateField source="expires_at" showTime />
        {FLAGS.map((flag) => (
          <BooleanField key={flag} source={flag} looseValue />
        ))}
        <DateField source="created_at" showTime />
        <DateField source="updated_at" showTime />
        <ConsolidationLinks />
        <IdentificationImage />
        <PackageHistory />
        <DebugPanel resource="packages" />
      </SimpleShowLayout>
    </Show>
  );
}
