import { Datagrid, ReferenceArrayField, Show, SimpleList, TextField, useTranslate, type RaRecord } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, EmptyValue } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { joinLine, usePhoneWidth } from '../../components/ResourceList.js';

/** The group's locations: a table, or on a phone the rows of a simple list (name, then type, class and town). */
function GroupLocations() {
  const translate = useTranslate();
  const phone = usePhoneWidth();
  if (phone) {
    const second = (r: RaRecord) =>
      joinLine(r.type && translate(`location_types.${r.type}`, { _: r.type }), r.class && translate(`location_classes.${r.class}`, { _: r.class }), r.address_locality);
    return <SimpleList data-testid="phone-list" primaryText={(r) => r.name} secondaryText={second} rowClick="show" empty={<EmptyValue />} />;
  }
  return (
    <Datagrid rowClick="show" bulkActionButtons={false} empty={<EmptyValue />}>
      <TextField source="name" />
      <EnumField source="type" prefix="location_types" />
      <EnumField source="class" prefix="location_classes" />
      <TextField source="address_locality" />
    </Datagrid>
  );
}

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
          <GroupLocations />
        </ReferenceArrayField>
      </DetailSection>
    </DetailPage>
  </Show>
);
