import { BooleanInput, TextInput } from 'react-admin';
import { FETCH_SERVICES } from '../../../../core/constants.js';
import { CHANNELS, FEATURES } from '../../../../core/features.js';
import { schemas } from '../../../../core/schemas/index.js';
import type { Schema } from '../../../../core/validation.js';
import { BitmaskInput } from '../../components/BitmaskInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { req } from '../../components/RequiredLabel.js';
import { FormSection } from '../../components/FormSection.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { MerchantSettingsInputs } from './MerchantSettingsInputs.js';

/** A new merchant's starting values, including the empty lists the inputs would set on mount. */
const NEW_MERCHANT = { active: true, features: 0, channels: CHANNELS.email, content_types: [], notification_events: [], location_group_ids: [] };

/** The merchant's columns plus the checked parts of its branding (the brand colour: #RRGGBB). */
const withBranding = (schema: Schema): Schema => ({
  ...schema,
  ...Object.fromEntries(Object.entries(schemas.merchantBranding).map(([field, rules]) => [`branding.${field}`, rules])),
});
const FORM_SCHEMAS = { create: withBranding(schemas.merchants.create), edit: withBranding(schemas.merchants.update) };

export function MerchantForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <ResourceForm
      resource="merchants"
      schema={FORM_SCHEMAS[mode]}
      defaultValues={mode === 'create' ? NEW_MERCHANT : undefined}
    >
      <FormSection title="forms.sections.merchants.account" name="account">
        <TextInput source="name" label={req('name')} />
        <EnumInput source="fetch_service" values={FETCH_SERVICES} prefix="fetch_services" label={req('fetch_service')} emptyText="—" />
        <BooleanInput source="active" label={req('active')} />
      </FormSection>
      <FormSection title="forms.sections.merchants.features" name="features" columns={1}>
        <BitmaskInput source="features" bits={FEATURES} labelPrefix="features" label={req('features')} />
        <BitmaskInput source="channels" bits={CHANNELS} labelPrefix="channels" label={req('channels')} />
      </FormSection>
      <MerchantSettingsInputs />
    </ResourceForm>
  );
}
