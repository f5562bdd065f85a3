import { BooleanField, NumberField, ReferenceField, Show, SimpleShowLayout, TextField, type Identifier, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { EnumField } from '../../components/EnumInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
import { packagePath } from '../packages/paths.js';
import { DebugPanel, ManifestActions } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

const packageLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);

export function ManifestShow() {
  const showMerchant = useCanSee('manifests', 'merchant_id');
  return (
    <Show actions={<ShowActions><ManifestActions /></ShowActions>}>
      <SimpleShowLayout>
        <TextField source="name" />
        <StatusChipField source="status" table="manifests" />
        <EnumField source="mode" prefix="modes" />
        {showMerchant && <NameField source="merchant_id" label="resources.manifests.fields.merchant_id" />}
        <BooleanField source="delivery_attempted" looseValue />
        <NumberField source="shipment_count" />
        <NumberField source="package_count" />
        <DateField source="created_at" showTime />
        <RelatedList reference="packages" target="manifest_id" label="resources.manifests.fields.packages" rowClick={packageLink}>
          <TextField source="barcode" />
          <EnumField source="size" prefix="sizes" />
          <StatusChipField source="status" table="packages" />
          <ReferenceField source="shipment_id" reference="shipments" link="show" />
        </RelatedList>
        <DebugPanel resource="manifests" />
      </SimpleShowLayout>
    </Show>
  );
}
