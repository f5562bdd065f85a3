import { Create } from 'react-admin';
import { BatchForm } from './BatchForm.js';

export const BatchCreate = () => (
  <Create redirect="show">
    <BatchForm mode="create" />
  </Create>
);
