import { AutocompleteArrayInput, ReferenceArrayInput, TextInput } from 'react-admin';
import { schemas } from '../../../../core/schemas/index.js';
import { req } from '../../components/RequiredLabel.js';
import { ResourceForm } from '../../components/ResourceForm.js';

export function LocationGroupForm({ mode }: { mode: 'create' | 'edit' }) {
  return (
    // The locations input starts an empty list itself: the same default keeps an untouched form clean.
    <ResourceForm
      resource="location_groups"
      schema={schemas.location_groups[mode === 'create' ? 'create' : 'update']}
      defaultValues={mode === 'create' ? { location_ids: [] } : undefined}
    >
      <TextInput source="name" label={req('name')} />
      <ReferenceArrayInput source="location_ids" reference="locations" filter={{ scope: 'all' }} queryOptions={{ meta: { light: true } }}>
        <AutocompleteArrayInput optionText="name" label="resources.location_groups.fields.locations" filterToQuery={(search) => ({ search })} />
      </ReferenceArrayInput>
    </ResourceForm>
  );
}
