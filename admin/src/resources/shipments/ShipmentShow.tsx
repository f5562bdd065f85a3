import {
  BooleanField,
  Labeled,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { shipmentPackageRefusal } from '../../../../core/policies/shipments.policy.js';
import { DateField } from '../../components/DateField.js';
import { EnumField } from '../../components/EnumInput.js';
import { EventHistory } from '../../components/EventHistory.js';
import { NestedCreateButton } from '../../components/nested.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
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

const packageLink = (id: Identifier, _resource: string, record: RaRecord) => packagePath(record.shipment_id, id);

export function ShipmentShow() {
  const showMerchant = useCanSee('shipments', 'merchant_id');
  return (
    <Show actions={<ShowActions><ShipmentActions /><AddPackageButton /></ShowActions>}>
      <SimpleShowLayout>
        <TextField source="reference_id" />
        <TextField source="external_reference_id" />
        <StatusChipField source="status" table="shipments" />
        <Labeled label="operations.timeline.title">
          <ShipmentTimeline />
        </Labeled>
        <EnumField source="type" prefix="shipment_types" />
        <EnumField source="payment_type" prefix="payment_types" />
        <BooleanField source="paid" looseValue />
        {showMerchant && <NameField source="merchant_id" label="resources.shipments.fields.merchant_id" />}
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="email" />
        <PhoneField source="phone" />
        <CountryField source="country" />
        <EnumField source="locale" prefix="app.languages" />
        <NameField source="dropoff_location_id" label="resources.shipments.fields.dropoff_location_id" />
        <NameField source="pickup_location_id" label="resources.shipments.fields.pickup_location_id" />
        <TextField source="contents" />
        <NumberField source="package_count" />
        <ReferenceField source="batch_id" reference="batches" />
        <ReferenceField source="manifest_id" reference="manifests" />
        <DateField source="created_at" showTime />
        <DateField source="updated_at" showTime />
        <RelatedList reference="packages" target="shipment_id" label="resources.shipments.fields.packages" rowClick={packageLink}>
          <TextField source="barcode" />
          <EnumField source="size" prefix="sizes" />
          <StatusChipField source="status" table="packages" />
          <TextField source="description" />
        </RelatedList>
        <Labeled label="resources.shipments.fields.timeline">
          <EventHistory table="shipments" />
        </Labeled>
        <DebugPanel resource="shipments" />
      </SimpleShowLayout>
    </Show>
  );
}
