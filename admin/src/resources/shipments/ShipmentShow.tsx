import {
  NumberField,
  ReferenceField,
  Show,
  TextField,
  useRecordContext,
} from 'react-admin';
import { shipmentPackageRefusal } from '../../../../core/policies/shipments.policy.js';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { EventHistory } from '../../components/EventHistory.js';
import { NestedCreateButton } from '../../components/nested.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
import { PackagesSection } from '../packages/PackagesSection.js';
import { packagePath } from '../packages/paths.js';
import { DebugPanel, ShipmentActions, ShipmentTimeline } from '../../screens/operations/index.js';
import { CountryField } from '../../components/CountryInput.js';
import { NameField } from '../../components/NameField.js';
import { PhoneField } from '../../components/PhoneField.js';

/** Packages are added to a draft only (afterwards the API refuses with shipment.not_updatable). */
function AddPackageButton() {
  const record = useRecordContext();
  if (!record || shipmentPackageRefusal('create', { status: Number(record.status) })) return null;
  return <NestedCreateButton resource="packages" to={packagePath(record.id, 'create')} label="resources.shipments.actions.add_package" />;
}


/**
 * A shipment as cards: the shipment itself, its progress, the recipient, the delivery, the merchant and
 * references, the packages and the history (components/DetailSections.tsx; empty values read "—").
 */
export function ShipmentShow() {
  const showMerchant = useCanSee('shipments', 'merchant_id');
  return (
    <Show component="div" actions={<ShowActions><ShipmentActions /><AddPackageButton /></ShowActions>}>
      <DetailPage>
        <DetailSection title="resources.shipments.name" testId="section-shipment">
          <TextField source="reference_id" />
          <StatusChipField source="status" table="shipments" />
          <EnumField source="type" prefix="shipment_types" />
          <EnumField source="payment_type" prefix="payment_types" />
          <YesNoField source="paid" />
          <NumberField source="package_count" />
          <DateField source="created_at" showTime />
          <DateField source="updated_at" showTime />
        </DetailSection>
        <DetailSection title="resources.shipments.fields.recipient" testId="section-recipient">
          <TextField source="first_name" />
          <TextField source="last_name" />
          <TextField source="email" />
          <PhoneField source="phone" />
          <CountryField source="country" />
          <EnumField source="locale" prefix="app.languages" />
        </DetailSection>
        <DetailSection title="details.sections.progress" wide block>
          <ShipmentTimeline />
        </DetailSection>
        <DetailSection title="details.sections.delivery" testId="section-delivery">
          <NameField source="dropoff_location_id" label="resources.shipments.fields.dropoff_location_id" />
          <NameField source="pickup_location_id" label="resources.shipments.fields.pickup_location_id" />
          <TextField source="contents" />
        </DetailSection>
        <DetailSection title="details.sections.reference" testId="section-reference">
          {showMerchant && <NameField source="merchant_id" label="resources.shipments.fields.merchant_id" />}
          <TextField source="external_reference_id" />
          <ReferenceField source="batch_id" reference="batches" />
          <ReferenceField source="manifest_id" reference="manifests" />
        </DetailSection>
        <PackagesSection target="shipment_id">
          <TextField source="description" />
        </PackagesSection>
        <DetailSection title="details.sections.history" wide block testId="section-history">
          <EventHistory table="shipments" />
        </DetailSection>
        <DebugPanel resource="shipments" />
      </DetailPage>
    </Show>
  );
}
