import { Create } from 'react-admin';
import { ShipmentForm } from './ShipmentForm.js';

export const ShipmentCreate = () => (
  <Create redirect="show">
    <ShipmentForm mode="create" />
  </Create>
);
