import { Datagrid, NumberField, ReferenceArrayField, Show, TextArrayField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { CHANNELS, FEATURES } from '../../../../core/features.js';
import { BitmaskField } from '../../components/BitmaskField.js';
import { ChipList } from '../../components/ChipList.js';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, EmptyValue, YesNoField } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { RoleField } from '../../components/RoleInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { joinLine, type PhoneRow } from '../../components/ResourceList.js';
import { ShowActions } from '../../components/recordActions.js';
import { CampaignTextsField } from './CampaignTextsField.js';
import { BRANDING_KEYS } from './MerchantSettingsInputs.js';

/** A merchant's user on a phone: the name, the e-mail and the role (as the users list). */
const USER_PHONE_ROW: PhoneRow = {
  primary: (r) => [r.first_name, r.last_name].filter(Boolean).join(' '),
  secondary: (r) => joinLine(r.email),
  tertiary: <RoleField source="role" />,
};

/** Notification events of the record, translated, as chips. */
function EventsField(_props: { source: string; label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const events: string[] = record?.notification_events ?? [];
  return <ChipList labels={events.map((e) => ({ key: e, label: translate(`notification_events.${e}`, { _: e }) }))} />;
}

/** A merchant as cards: the merchant, its settings, branding, campaign texts, users and location groups. */
export const MerchantShow = () => (
  <Show component="div" actions={<ShowActions />}>
    <DetailPage>
      <DetailSection title="resources.merchants.name" testId="section-merchant">
        <TextField source="name" />
        <YesNoField source="active" />
        <NumberField source="user_count" />
        <TextField source="token" />
        <TextField source="payment_url" />
        <DateField source="created_at" showTime />
      </DetailSection>
      <DetailSection title="details.sections.settings">
        <BitmaskField source="features" bits={FEATURES} labelPrefix="features" />
        <BitmaskField source="channels" bits={CHANNELS} labelPrefix="channels" />
        <EnumField source="fetch_service" prefix="fetch_services" />
        <TextArrayField source="content_types" />
        <TextField source="default_content_type" />
        <EventsField source="notification_events" />
      </DetailSection>
      <DetailSection title="resources.merchants.fields.branding">
        {BRANDING_KEYS.map((key) => (
          <TextField key={key} source={`branding.${key}`} label={`resources.merchants.fields.branding_${key}`} />
        ))}
      </DetailSection>
      <DetailSection title="resources.merchants.fields.campaign_texts" block>
        <CampaignTextsField />
      </DetailSection>
      <DetailSection title="resources.merchants.fields.users" wide block>
        <RelatedList reference="users" target="merchant_id" label={false} phoneRow={USER_PHONE_ROW}>
          <TextField source="first_name" />
          <TextField source="last_name" />
          <TextField source="email" />
          <RoleField source="role" />
        </RelatedList>
      </DetailSection>
      <DetailSection title="resources.merchants.fields.location_groups" wide block>
        {/* Groups link to merchants many-to-many: the record carries their ids (location_group_ids). */}
        <ReferenceArrayField source="location_group_ids" reference="location_groups" label={false}>
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<EmptyValue />}>
            <TextField source="name" />
          </Datagrid>
        </ReferenceArrayField>
      </DetailSection>
    </DetailPage>
  </Show>
);
