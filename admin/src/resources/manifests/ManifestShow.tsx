import { NumberField, ReferenceField, Show, TextField } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EventHistory } from '../../components/EventHistory.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
import { PackagesSection } from '../packages/PackagesSection.js';
import { DebugPanel, ManifestActions } from '../../screens/operations/index.js';
import { NameField } from '../../components/NameField.js';


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
        <PackagesSection target="manifest_id">
          <ReferenceField source="shipment_id" reference="shipments" link="show" />
        </PackagesSection>
        <DebugPanel resource="manifests" />
      </DetailPage>
    </Show>
  );
}
