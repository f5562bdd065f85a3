import { BooleanField, BooleanInput, TextField } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { LightReferenceInput } from '../../components/LightReferenceInput.js';
import { ResourceList, joinLine } from '../../components/ResourceList.js';
import { RoleField, RoleFilterInput } from '../../components/RoleInput.js';
import { useFieldMask } from '../../components/useActor.js';

export function UserList() {
  const mask = useFieldMask('users');
  const filters = [
    ...(mask.filter('role') ? [<RoleFilterInput key="role" source="role" />] : []),
    ...(mask.filter('merchant_id') ? [<LightReferenceInput key="merchant" source="merchant_id" reference="merchants" />] : []),
    <BooleanInput key="active" source="active" />,
  ];
  return (
    <ResourceList
      filters={filters}
      phoneRow={{
        primary: (r) => [r.first_name, r.last_name].filter(Boolean).join(' '),
        secondary: (r) => joinLine(r.email, r.merchant_name),
        tertiary: mask.field('role') ? <RoleField source="role" /> : undefined,
      }}
    >
      <TextField source="id" />
      <TextField source="first_name" />
      <TextField source="last_name" />
      <TextField source="email" />
      {mask.field('role') && <RoleField source="role" />}
      <TextField source="merchant_name" label="resources.users.fields.merchant_id" sortable={false} />
      <BooleanField source="active" looseValue />
      <DateField source="created_at" showTime />
    </ResourceList>
  );
}
