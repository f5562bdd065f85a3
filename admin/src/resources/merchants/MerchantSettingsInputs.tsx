/**
 * The feature-dependent parts of the merchant form: branding (branding feature), content types
 * (content feature; typed one at a time, Enter adds), payment URL (postpayments), notification
 * events with an e-mail template id each, campaign texts per language, and the linked location groups.
 */
import { useEffect, useMemo } from 'react';
import { AutocompleteArrayInput, CheckboxGroupInput, ReferenceArrayInput, SelectInput, TextArrayInput, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { offeredEvents, type NotificationEvent } from '../../../../core/constants.js';
import { FEATURES, hasBit } from '../../../../core/features.js';
import { ColorInput } from '../../components/ColorInput.js';
import { FormSection } from '../../components/FormSection.js';
import { useEnumChoices } from '../../components/EnumInput.js';
import { CampaignTextInputs } from './CampaignTextInputs.js';

export const BRANDING_KEYS = ['brand_name', 'email_theme', 'from_address', 'url', 'contact_url'] as const;

const field = (name: string) => `resources.merchants.fields.${name}`;

/**
 * Unticks the events the features no longer offer (postpayments turned off: awaiting payment): their boxes are
 * hidden, and the API refuses them, so a kept one made the save fail on a field the form no longer showed.
 */
function useOnlyOfferedEvents(events: readonly NotificationEvent[]) {
  const { setValue } = useFormContext();
  const chosen = useWatch({ name: 'notification_events' }) as string[] | undefined;
  useEffect(() => {
    const kept = (chosen ?? []).filter((e) => (events as readonly string[]).includes(e));
    if (chosen && kept.length !== chosen.length) setValue('notification_events', kept, { shouldDirty: true });
  }, [events, chosen, setValue]);
}

function ContentTypeInputs() {
  const types = (useWatch({ name: 'content_types' }) as string[] | undefined) ?? [];
  const translate = useTranslate();
  return (
    <>
      <TextArrayInput source="content_types" label={field('content_types')} helperText={translate('resources.merchants.actions.add_content_type')} />
      <SelectInput source="default_content_type" label={field('default_content_type')} choices={types.map((t) => ({ id: t, name: t }))} />
    </>
  );
}

export function MerchantSettingsInputs() {
  const features = Number(useWatch({ name: 'features' }) ?? 0);
  const events = useMemo(() => offeredEvents(features), [features]);
  useOnlyOfferedEvents(events);
  const eventChoices = useEnumChoices(events, 'notification_events');
  const translate = useTranslate();
  return (
    <>
      {(hasBit(features, FEATURES.content) || hasBit(features, FEATURES.postpayments)) && (
        <FormSection title="forms.sections.merchants.content" name="content">
          {hasBit(features, FEATURES.content) && <ContentTypeInputs />}
          {hasBit(features, FEATURES.postpayments) && <TextInput source="payment_url" type="url" label={field('payment_url')} />}
        </FormSection>
      )}
      {hasBit(features, FEATURES.branding) && (
        <FormSection title={field('branding')} name="branding">
          {BRANDING_KEYS.map((key) =>
            key === 'email_theme' ? (
              <ColorInput key={key} source="branding.email_theme" label={field('branding_email_theme')} helperText="campaigns.preferences.theme_hint" />
            ) : (
              <TextInput key={key} source={`branding.${key}`} label={field(`branding_${key}`)} type={key === 'from_address' ? 'email' : 'text'} />
            ),
          )}
        </FormSection>
      )}
      <FormSection title="forms.sections.merchants.notifications" name="notifications" columns={1}>
        <CheckboxGroupInput source="notification_events" label={field('notification_events')} choices={eventChoices} row />
      </FormSection>
      <FormSection title={field('email_templates')} name="email-templates">
        {events.map((event) => (
          <TextInput
            key={event}
            source={`email_templates.${event}`}
            label={`${translate(`notification_events.${event}`)} · ${translate(field('template_id'))}`}
          />
        ))}
      </FormSection>
      <CampaignTextInputs />
      <FormSection title={field('location_groups')} name="groups" columns={1}>
        <ReferenceArrayInput source="location_group_ids" reference="location_groups" queryOptions={{ meta: { light: true } }}>
          <AutocompleteArrayInput optionText="name" label={field('location_groups')} filterToQuery={(search) => ({ search })} />
        </ReferenceArrayInput>
      </FormSection>
    </>
  );
}
