import { BooleanInput, TextInput } from 'react-admin';
import { SHIPMENT_TYPES } from '../../../../core/constants.js';
import { BATCH_CHANNELS, CHANNELS } from '../../../../core/features.js';
import { batchDefaults, schemas } from '../../../../core/schemas/index.js';
import { BitmaskInput } from '../../components/BitmaskInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { NumericInput } from '../../components/NumericInput.js';
import { req } from '../../components/RequiredLabel.js';
import { FormSection } from '../../components/FormSection.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useActor, useCanSee } from '../../components/useActor.js';
import { BatchMessageInputs } from './BatchMessageInputs.js';

const SIZES = ['packages_small', 'packages_medium', 'packages_large', 'packages_oversized'];

const help = (field: string) => `forms.help.batches.${field}`;

/** Batch settings; new batches start from the SPEC section 9 defaults (with or without the batches feature). */
export function BatchForm({ mode }: { mode: 'create' | 'edit' }) {
  const actor = useActor();
  const canPickMerchant = useCanSee('batches', 'merchant_id');
  return (
    <ResourceForm
      resource="batches"
      schema={schemas.batches[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? batchDefaults(actor.features) : undefined}
    >
      <FormSection title="forms.sections.batches.campaign" name="campaign">
        {canPickMerchant && mode === 'create' && <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />}
        <TextInput source="name" label={req('name')} />
        <EnumInput source="type" values={SHIPMENT_TYPES} prefix="shipment_types" label={req('type')} />
        <LightReferenceInput source="pickup_location_id" reference="locations" filter={{ scope: 'pickup' }} label={req('pickup_location_id')} />
      </FormSection>
      <FormSection title="forms.sections.batches.parcels" name="parcels">
        {SIZES.map((size) => (
          <NumericInput key={size} source={size} label={req(size)} />
        ))}
        <TextInput source="contents" label={req('contents')} />
      </FormSection>
      <FormSection title="forms.sections.batches.schedule" name="schedule">
        <NumericInput source="offset" label={req('offset')} helperText={help('offset')} />
        <NumericInput source="reminder_count" label={req('reminder_count')} helperText={help('reminder_count')} />
        <NumericInput source="reminder_interval" label={req('reminder_interval')} helperText={help('reminder_interval')} />
        <BooleanInput source="custom_final_reminder" label={req('custom_final_reminder')} helperText={help('custom_final_reminder')} />
      </FormSection>
      <FormSection title="forms.sections.batches.messages" help={help('messages')} name="messages" columns={1}>
        <BitmaskInput source="channels" bits={CHANNELS} allowed={BATCH_CHANNELS} labelPrefix="channels" label={req('channels')} helperText={help('channels')} />
        <BatchMessageInputs />
      </FormSection>
    </ResourceForm>
  );
}
