import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { EnumField } from '../../components/EnumInput.js';
import { RelatedList } from '../../components/RelatedList.js';
import { ShowActions } from '../../components/recordActions.js';

export const LocationGroupShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <TextField source="name" />
      <DateField source="created_at" showTime />
      <RelatedList reference="locations" target="location_group_id" label="resources.location_groups.fields.locations">
        <TextField source="name" />
        <EnumField source="type" prefix="location_types" />
        <EnumField source="class" prefix="location_classes" />
        <TextField source="address_locality" />
      </RelatedList>
    </SimpleShowLayout>
  </Show>
);
