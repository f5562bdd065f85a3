import { Labeled, NumberField, ReferenceField, Show, SimpleShowLayout, TextField, useCreatePath, useRecordContext } from 'react-admin';
import { DateField } from '../../components/DateField.js';
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

/** A batch customer at /batches/:parent_id/batch_items/:id, with its notification history. */
export function BatchItemShow() {
  return (
    <Show resource="batch_items" actions={<BatchItemShowActions />}>
      <SimpleShowLayout>
        <ReferenceField source="batch_id" reference="batches" link="show" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <StatusChipField source="status" table="batch_items" />
        <TextField source="email" />
        <PhoneField source="full_phone_number" />
        <CountryField source="country" />
        <EnumField source="locale" prefix="app.languages" />
        <DateField source="offset_date" />
        <NumberField source="reminders_sent" />
        <DateField source="last_notified_at" showTime />
        <DateField source="next_notification_at" showTime />
        <NameField source="pickup_location_id" label="resources.batch_items.fields.pickup_location_id" />
        <ReferenceField source="shipment_id" reference="shipments" link="show" />
        <Labeled label="resources.batch_items.fields.events">
          <ItemHistory />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
