import { Datagrid, ReferenceArrayField, Show, TextField } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, EmptyValue } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';

/** A location group as cards: the group and its locations. */
export const LocationGroupShow = () => (
  <Show component="div" actions={<ShowActions />}>
    <DetailPage>
      <DetailSection title="resources.location_groups.name" testId="section-group">
        <TextField source="name" />
        <DateField source="created_at" showTime />
      </DetailSection>
      <DetailSection title="resources.location_groups.fields.locations" wide block>
        {/* Locations belong to groups many-to-many: the record carries their ids (location_ids). */}
        <ReferenceArrayField source="location_ids" reference="locations" label={false}>
          <Datagrid rowClick="show" bulkActionButtons={false} empty={<EmptyValue />}>
            <TextField source="name" />
            <EnumField source="type" prefix="location_types" />
            <EnumField source="class" prefix="location_classes" />
            <TextField source="address_locality" />
          </Datagrid>
        </ReferenceArrayField>
      </DetailSection>
    </DetailPage>
  </Show>
);
