import { Datagrid, DateField, ReferenceArrayField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';

export const LocationGroupShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="name" />
      <DateField source="created_at" showTime />
      {/* Locations belong to groups many-to-many: the record carries their ids (location_ids). */}
      <ReferenceArrayField source="location_ids" reference="locations" label="resources.location_groups.fields.locations">
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <EnumField source="type" prefix="location_types" />
          <EnumField source="class" prefix="location_classes" />
          <TextField source="address_locality" />
        </Datagrid>
      </ReferenceArrayField>
    </SimpleShowLayout>
  </Show>
);
