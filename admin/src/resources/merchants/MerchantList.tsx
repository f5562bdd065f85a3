import { BooleanField, BooleanInput, NumberField, TextField, useTranslate } from 'react-admin';
import { DateField } from '../../components/DateField.js';
import { FEATURES } from '../../../../core/features.js';
import { BitmaskField } from '../../components/BitmaskField.js';
import { ResourceList } from '../../components/ResourceList.js';

export function MerchantList() {
  const translate = useTranslate();
  return (
    <ResourceList
      filters={[<BooleanInput key="active" source="active" />]}
      phoneRow={{
        primary: (r) => r.name,
        secondary: (r) => `${translate('resources.merchants.fields.user_count')}: ${r.user_count ?? 0}`,
        tertiary: <BooleanField source="active" looseValue />,
      }}
    >
      <TextField source="id" />
      <TextField source="name" />
      <BooleanField source="active" looseValue />
      <NumberField source="user_count" />
      <BitmaskField source="features" bits={FEATURES} labelPrefix="features" sortable={false} />
      <DateField source="created_at" showTime />
    </ResourceList>
  );
}
