import PeopleIcon from '@mui/icons-material/People';
import { Button, NumberField, Show, TextField, useRecordContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { CHANNELS } from '../../../../core/features.js';
import { BitmaskField } from '../../components/BitmaskField.js';
import { EnumField } from '../../components/EnumInput.js';
import { NestedCreateButton } from '../../components/nested.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useCanSee } from '../../components/useActor.js';
import { batchItemPath } from '../batch_items/paths.js';
import { BATCH_ITEM_PHONE_ROW } from '../batch_items/phoneRow.js';
import { BatchActions } from '../../screens/campaigns/BatchActions.js';
import { ImportButton } from '../../screens/import/ImportButton.js';
import { batchItemWizard } from '../../screens/import/importKinds.js';
import { batchRefusal } from '../../../../core/policies/batches.policy.js';
import { customFinalReminderOn } from './finalReminder.js';
import { NameField } from '../../components/NameField.js';
import { PhoneField } from '../../components/PhoneField.js';

const itemLink = (id: Identifier, _resource: string, record: RaRecord) => batchItemPath(record.batch_id, id);

function AddItemButton() {
  const record = useRecordContext();
  return record ? <NestedCreateButton resource="batch_items" to={batchItemPath(record.id, 'create')} /> : null;
}

/** "Import customers": the import wizard for this batch (a completed batch takes no new customers). */
function ImportItemsButton() {
  const record = useRecordContext();
  if (!record || batchRefusal('add-items', { status: Number(record.status) })) return null;
  return <ImportButton wizard={batchItemWizard(record.id, record.name)} label="resources.batches.actions.import_items" testId="batch-items-import" />;
}

/** "Customers (n)": the batch's full customer list, where customers are filtered, notified and converted in bulk. */
export function CustomersButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const text = translate('resources.batches.actions.customers', { count: record.item_count ?? 0 });
  return (
    <Button component={RouterLink} to={batchItemPath(record.id)} label={text} aria-label={text} data-testid="batch-customers">
      <PeopleIcon />
    </Button>
  );
}

export function BatchShow() {
  return (
    <Show component="div" actions={<ShowActions><CustomersButton /><BatchActions /><AddItemButton /><ImportItemsButton /></ShowActions>}>
      <BatchShowLayout />
    </Show>
  );
}

/** A campaign as cards: the campaign, its parcels per customer, its notification schedule and texts, its customers. */
function BatchShowLayout() {
  const showMerchant = useCanSee('batches', 'merchant_id');
  const record = useRecordContext();
  return (
    <DetailPage>
      <DetailSection title="resources.batches.name" testId="section-batch">
        <TextField source="name" />
        <StatusChipField source="status" table="batches" />
        <EnumField source="type" prefix="shipment_types" />
        {showMerchant && <NameField source="merchant_id" label="resources.batches.fields.merchant_id" />}
        <NameField source="pickup_location_id" label="resources.batches.fields.pickup_location_id" />
        <NumberField source="item_count" />
        <TextField source="contents" />
        <DateField source="created_at" showTime />
      </DetailSection>
      <DetailSection title="details.sections.parcels">
        <NumberField source="packages_small" />
        <NumberField source="packages_medium" />
        <NumberField source="packages_large" />
        <NumberField source="packages_oversized" />
      </DetailSection>
      <DetailSection title="details.sections.schedule">
        <BitmaskField source="channels" bits={CHANNELS} labelPrefix="channels" />
        <NumberField source="offset" />
        <NumberField source="reminder_count" />
        <NumberField source="reminder_interval" />
        <YesNoField source="custom_final_reminder" />
      </DetailSection>
      <DetailSection title="details.sections.messages">
        <TextField source="notification_message" />
        <TextField source="reminder_message" />
        {customFinalReminderOn(record?.custom_final_reminder) && <TextField source="final_reminder_message" />}
      </DetailSection>
      <DetailSection title="resources.batches.fields.items" wide block>
        <RelatedList reference="batch_items" target="batch_id" label={false} rowClick={itemLink} phoneRow={BATCH_ITEM_PHONE_ROW}>
          <TextField source="first_name" />
          <TextField source="last_name" />
          <TextField source="email" />
          <PhoneField source="full_phone_number" />
          <StatusChipField source="status" table="batch_items" />
        </RelatedList>
      </DetailSection>
    </DetailPage>
  );
}
