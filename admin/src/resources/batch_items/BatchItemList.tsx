import { NumberField, TextField, type Identifier, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { LOCALES } from '../../../../core/constants.js';
import { EnumField, EnumInput, StatusInput } from '../../components/EnumInput.js';
import { NestedCreateButton } from '../../components/nested.js';
import { ResourceList } from '../../components/ResourceList.js';
import { BATCH_ITEM_PHONE_ROW } from './phoneRow.js';
import { StatusChipField } from '../../components/StatusField.js';
import { useParentId } from '../../components/useParentId.js';
import { batchItemPath } from './paths.js';
import { BulkConvertButton, BulkNotifyButton } from '../../screens/campaigns/BulkCampaignButton.js';
import { PhoneField } from '../../components/PhoneField.js';

const rowLink = (id: Identifier, _resource: string, record: RaRecord) => batchItemPath(record.batch_id, id);

/** The customers of one batch, at /batches/:parent_id/batch_items. */
export function BatchItemList() {
  const batchId = useParentId();
  return (
    <ResourceList
      resource="batch_items"
      storeKey={`batch_items.batch.${batchId}`}
      filter={batchId !== undefined ? { batch_id: batchId } : undefined}
      filters={[
        <StatusInput key="status" source="status" table="batch_items" />,
        <EnumInput key="locale" source="locale" values={LOCALES} prefix="app.languages" />,
      ]}
      rowClick={rowLink}
      phoneRow={BATCH_ITEM_PHONE_ROW}
      bulkActions={
        <>
          <BulkNotifyButton />
          <BulkConvertButton />
        </>
      }
      create={batchId !== undefined ? <NestedCreateButton resource="batch_items" to={batchItemPath(batchId, 'create')} /> : false}
    >
      <TextField source="first_name" />
      <TextField source="last_name" />
      <TextField source="email" />
      <PhoneField source="full_phone_number" sortable={false} />
      <EnumField source="locale" prefix="app.languages" sortable={false} />
      <StatusChipField source="status" table="batch_items" />
      <NumberField source="reminders_sent" sortable={false} />
      <DateField source="next_notification_at" showTime />
    </ResourceList>
  );
}
