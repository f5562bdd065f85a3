import { Edit } from 'react-admin';
import { BatchForm } from './BatchForm.js';

export const BatchEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <BatchForm mode="edit" />
  </Edit>
);
