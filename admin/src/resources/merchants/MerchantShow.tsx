import { BooleanField, Datagrid, DateField, NumberField, ReferenceArrayField, Show, SimpleShowLayout, TextArrayField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { Chip, Stack } from '@mui/material';
import { CHANNELS, FEATURES } from '../../../../core/features.js';
import { BitmaskField } from '../../components/BitmaskField.js';
import { EnumField } from '../../components/EnumInput.js';
import { RoleField } from '../../components/RoleInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';
import { CampaignTextsField } from './CampaignTextsField.js';
import { BRANDING_KEYS } from './MerchantSettingsInputs.js';

/** Notification events of the record, translated, as chips. */
function EventsField(_props: { label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const events: string[] = record?.notification_events ?? [];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {events.map((e) => (
        <Chip key={e} size="small" label={translate(`notification_events.${e}`, { _: e })} />
      ))}
    </Stack>
  );
}

export const MerchantShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="name" />
      <BooleanField source="active" looseValue />
      <NumberField source="user_count" />
      <BitmaskField source="features" bits={FEATURES} labelPrefix="features" />
      <BitmaskField source="channels" bits={CHANNELS} labelPrefix="channels" />
      <EnumField source="fetch_service" prefix="fetch_services" />
      <TextField source="token" />
      <TextField source="payment_url" />
      <TextArrayField source="content_types" />
      <TextField source="default_content_type" />
      {BRANDING_KEYS.map((key) => (
        <TextField key={key} source={`branding.${key}`} label={`resources.merchants.fields.branding_${key}`} emptyText="—" />
      ))}
      <EventsField label="resources.merchants.fields.notification_events" />
      <CampaignTextsField label="resources.merchants.fields.campaign_texts" />
      <DateField source="created_at" showTime />
      <RelatedList reference="users" target="merchant_id" label="resources.merchants.fields.users">
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="email" />
        <RoleField source="role" />
      </RelatedList>
      {/* Groups link to merchants many-to-many: the record carries their ids (location_group_ids). */}
      <ReferenceArrayField source="location_group_ids" reference="location_groups" label="resources.merchants.fields.location_groups">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
        </Datagrid>
      </ReferenceArrayField>
    </SimpleShowLayout>
  </Show>
);
