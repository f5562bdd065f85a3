import { BooleanInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SHIPMENT_TYPES } from '../../../../core/constants.js';
import { BATCH_CHANNELS, CHANNELS } from '../../../../core/features.js';
import { batchDefaults, schemas } from '../../../../core/schemas/index.js';
import { BitmaskInput } from '../../components/BitmaskInput.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { NumericInput } from '../../components/NumericInput.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useActor, useCanSee } from '../../components/useActor.js';
import { customFinalReminderOn } from './finalReminder.js';

const SIZES = ['packages_small', 'packages_medium', 'packages_large', 'packages_oversized'];

/** The final reminder's own text, asked for only while "Custom final reminder" is on (otherwise it is not sent). */
function FinalReminderMessageInput() {
  const on = customFinalReminderOn(useWatch({ name: 'custom_final_reminder' }));
  return on ? <TextInput source="final_reminder_message" multiline label={req('final_reminder_message')} /> : null;
}

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
      {canPickMerchant && mode === 'create' && <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />}
      <TextInput source="name" label={req('name')} />
      <EnumInput source="type" values={SHIPMENT_TYPES} prefix="shipment_types" label={req('type')} />
      <LightReferenceInput source="pickup_location_id" reference="locations" filter={{ scope: 'pickup' }} label={req('pickup_location_id')} />
      {SIZES.map((size) => (
        <NumericInput key={size} source={size} label={req(size)} />
      ))}
      <TextInput source="contents" label={req('contents')} />
      <NumericInput source="offset" label={req('offset')} />
      <NumericInput source="reminder_count" label={req('reminder_count')} />
      <NumericInput source="reminder_interval" label={req('reminder_interval')} />
      <BitmaskInput source="channels" bits={CHANNELS} allowed={BATCH_CHANNELS} labelPrefix="channels" label={req('channels')} />
      <TextInput source="notification_message" multiline label={req('notification_message')} />
      <TextInput source="reminder_message" multiline label={req('reminder_message')} />
      <BooleanInput source="custom_final_reminder" label={req('custom_final_reminder')} />
      <FinalReminderMessageInput />
    </ResourceForm>
  );
}
