import { NumberField, ReferenceField, Show, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { BatchItemActions } from '../../screens/campaigns/BatchItemActions.js';
import { ItemHistory } from '../../screens/campaigns/ItemHistory.js';
import { ShowActions } from '../../components/recordActions.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useParentId } from '../../components/useParentId.js';
import { batchItemPath } from './paths.js';
import { CountryField } from '../../components/CountryInput.js';
import { NameField } from '../../components/NameField.js';
import { PhoneField } from '../../components/PhoneField.js';

function BatchItemShowActions() {
  const record = useRecordContext();
  const parentId = useParentId();
  const createPath = useCreatePath();
  const batchId = record?.batch_id ?? parentId;
  return (
    <ShowActions
      editTo={record ? batchItemPath(batchId, record.id, 'edit') : undefined}
      deleteRedirect={createPath({ resource: 'batches', type: 'show', id: batchId })}
    >
      <BatchItemActions />
    </ShowActions>
  );
}

/** A batch customer at /batches/:parent_id/batch_items/:id, as cards, with its notification history. */
export function BatchItemShow() {
  return (
    <Show resource="batch_items" component="div" actions={<BatchItemShowActions />}>
      <DetailPage>
        <DetailSection title="resources.batch_items.name" testId="section-customer">
          <TextField source="first_name" />
          <TextField source="last_name" />
          <StatusChipField source="status" table="batch_items" />
          <TextField source="email" />
          <PhoneField source="full_phone_number" />
          <CountryField source="country" />
          <EnumField source="locale" prefix="app.languages" />
        </DetailSection>
        <DetailSection title="details.sections.delivery">
          <ReferenceField source="batch_id" reference="batches" link="show" />
          <NameField source="pickup_location_id" label="resources.batch_items.fields.pickup_location_id" />
          <ReferenceField source="shipment_id" reference="shipments" link="show" />
        </DetailSection>
        <DetailSection title="details.sections.schedule">
          <DateField source="offset_date" />
          <NumberField source="reminders_sent" />
          <DateField source="last_notified_at" showTime />
          <DateField source="next_notification_at" showTime />
        </DetailSection>
        <DetailSection title="details.sections.history" wide block testId="section-history">
          <ItemHistory />
        </DetailSection>
      </DetailPage>
    </Show>
  );
}
