import { Edit } from 'react-admin';
import { ShipmentForm } from './ShipmentForm.js';

export const ShipmentEdit = () => (
  <Edit mutationMode="pessimistic" redirect="show">
    <ShipmentForm mode="edit" />
  </Edit>
);
