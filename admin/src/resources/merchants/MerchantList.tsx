import { BooleanField, BooleanInput, DateField, NumberField, TextField } from 'react-admin';
import { FEATURES } from '../../../../core/features.js';
import { BitmaskField } from '../../components/BitmaskField.js';
import { ResourceList } from '../../components/ResourceList.js';

export const MerchantList = () => (
  <ResourceList filters={[<BooleanInput key="active" source="active" />]}>
    <TextField source="id" />
    <TextField source="name" />
    <BooleanField source="active" looseValue />
    <NumberField source="user_count" />
    <BitmaskField source="features" bits={FEATURES} labelPrefix="features" sortable={false} />
    <DateField source="created_at" showTime />
  </ResourceList>
);
