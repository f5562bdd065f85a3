import { BooleanInput, TextInput } from 'react-admin';
import { TRANSPORT_MODES } from '../../../../core/constants.js';
import { schemas } from '../../../../core/schemas/index.js';
import { EnumInput } from '../../components/EnumInput.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';
import { useCanSee } from '../../components/useActor.js';

export function ManifestForm({ mode }: { mode: 'create' | 'edit' }) {
  const canPickMerchant = useCanSee('manifests', 'merchant_id');
  return (
    <ResourceForm resource="manifests" schema={schemas.manifests[mode === 'create' ? 'create' : 'update']} defaultValues={mode === 'create' ? { mode: 'road' } : undefined}>
      {canPickMerchant && mode === 'create' && <LightReferenceInput source="merchant_id" reference="merchants" label={req('merchant_id')} />}
      <TextInput source="name" label={req('name')} />
      <EnumInput source="mode" values={TRANSPORT_MODES} prefix="modes" label={req('mode')} />
      <BooleanInput source="delivery_attempted" label={req('delivery_attempted')} />
    </ResourceForm>
  );
}
