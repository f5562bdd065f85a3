import { ChipField, ReferenceArrayField, Show, SingleFieldList, TextField } from 'react-admin';
import { CountryField } from '../../components/CountryInput.js';
import { DateField } from '../../components/DateField.js';
import { DetailPage, DetailSection, YesNoField } from '../../components/DetailSections.js';
import { EnumField } from '../../components/EnumInput.js';
import { RoleField } from '../../components/RoleInput.js';
import { ShowActions } from '../../components/recordActions.js';
import { useCanSee } from '../../components/useActor.js';
import { BadgeButton } from '../../screens/locker-access/BadgeButton.js';

/** A user as cards: who they are, and what they may reach (role, merchant, locations). */
export function UserShow() {
  const showRole = useCanSee('users', 'role');
  return (
    <Show component="div" actions={<ShowActions><BadgeButton /></ShowActions>}>
      <DetailPage>
        <DetailSection title="resources.users.name" testId="section-user">
          <TextField source="first_name" />
          <TextField source="last_name" />
          <TextField source="email" />
          <YesNoField source="active" />
          <EnumField source="locale" prefix="app.languages" />
          <CountryField source="country" />
          <DateField source="created_at" showTime />
        </DetailSection>
        <DetailSection title="details.sections.access" testId="section-access">
          {showRole && <RoleField source="role" label="resources.users.fields.role" />}
          <TextField source="merchant_name" label="resources.users.fields.merchant_id" />
          <ReferenceArrayField source="location_ids" reference="locations">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DetailSection>
      </DetailPage>
    </Show>
  );
}
