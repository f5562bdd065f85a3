import { TextField } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { ResourceList } from '../../components/ResourceList.js';

export const LocationGroupList = () => (
  <ResourceList phoneRow={{ primary: (r) => r.name }}>
    <TextField source="id" />
    <TextField source="name" />
    <DateField source="updated_at" showTime />
  </ResourceList>
);
