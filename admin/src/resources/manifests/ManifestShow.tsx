import { NumberField, ReferenceField, Show, TextField, type Identifier, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EventHistory } from '../../components/EventHistory.js';
import { EnumField } from '../../components/EnumInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
import { packagePath } from '../packages/paths.js';
import { DebugPanel, ManifestActions } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';

const packageLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);

/** A manifest as cards: the manifest, its packages and its history. */
export function ManifestShow() {
  const showMerchant = useCanSee('manifests', 'merchant_id');
  return (
    <Show component="div" actions={<ShowActions><ManifestActions /></ShowActions>}>
      <DetailPage>
        <DetailSection title="resources.manifests.name" testId="section-manifest">
          <TextField source="name" />
          <StatusChipField source="status" table="manifests" />
          <EnumField source="mode" prefix="modes" />
          {showMerchant && <NameField source="merchant_id" label="resources.manifests.fields.merchant_id" />}
          <YesNoField source="delivery_attempted" />
          <NumberField source="shipment_count" />
          <NumberField source="package_count" />
          <DateField source="created_at" showTime />
        </DetailSection>
        <DetailSection title="details.sections.history" testId="section-history" block>
          <EventHistory table="manifests" />
        </DetailSection>
        <DetailSection title="resources.shipments.fields.packages" wide block>
          <RelatedList reference="packages" target="manifest_id" label={false} rowClick={packageLink}>
            <TextField source="barcode" />
            <EnumField source="size" prefix="sizes" />
            <StatusChipField source="status" table="packages" />
            <ReferenceField source="shipment_id" reference="shipments" link="show" />
          </RelatedList>
        </DetailSection>
        <DebugPanel resource="manifests" />
      </DetailPage>
    </Show>
  );
}
