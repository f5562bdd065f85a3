import { BooleanField, ChipField, DateField, ReferenceArrayField, Show, SimpleShowLayout, SingleFieldList, TextField } from 'react-admin';
import { EnumField } from '../../components/EnumInput.js';
import { RoleField } from '../../components/RoleInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { useCanSee } from '../../components/useActor.js';
import { CountryField } from '../../components/CountryInput.js';
import { BadgeButton } from '../../screens/locker-access/BadgeButton.js';

export function UserShow() {
  const showRole = useCanSee('users', 'role');
  return (
    <Show actions={<ShowActions><BadgeButton /></ShowActions>}>
      <SimpleShowLayout>
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TextField source="email" />
        {showRole && <RoleField source="role" label="resources.users.fields.role" />}
        <TextField source="merchant_name" label="resources.users.fields.merchant_id" />
        <BooleanField source="active" looseValue />
        <EnumField source="locale" prefix="app.languages" />
        <CountryField source="country" />
        <ReferenceArrayField source="location_ids" reference="locations">
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
        <DateField source="created_at" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
